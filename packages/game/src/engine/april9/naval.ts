/**
 * The 9. April turn's naval part (EN 7.1 interception, 7.2a naval combat), built on the naval
 * engine. Until that engine is merged, the turn passes straight through these steps.
 */
import type { GameState } from '../state.js';
import type { SeaZone } from '../../types.js';
import type { April9Prompt } from './types.js';
import type { Rng } from '../rng.js';
import type { Actor } from '../flow.js';
import { april9, openWindow } from './flow.js';
import { shipsAt } from './ships.js';
import { april9Card } from '../../cards/advanced.js';

export function april9NavalActor(_G: GameState): Actor | null {
  return null;
}

export function enterApril9Interception(G: GameState, _rng: Rng): void {
  april9(G).then = 'movement';
}

/** Zones where Stupbombefly may strike: III–V, with German ships. */
export function diveBomberZones(G: GameState) {
  const e = april9Card('a9.al.stupbombefly').effect;
  return e.kind === 'diveBombers' ? e.zones.filter((z) => shipsAt(G, z, 'germany').length > 0) : [];
}

export function enterApril9NavalCombat(G: GameState, _rng: Rng): void {
  // Stupbombefly strikes ahead of all other naval combat (EN appendix).
  if (diveBomberZones(G).length > 0) openWindow(G, { kind: 'april9Window', faction: 'allies', window: 'diveBombers' });
  april9(G).then = 'raid';
}

/** German ships intercepted this turn that Røykdekke could still save. */
export function smokeScreenTargets(_G: GameState): string[] {
  return [];
}
export function carryOutSmokeScreen(_G: GameState, _ship: string): void {}
/** German ships just sunk in naval combat that Evakuerte matroser could still bring ashore. */
export function sailorsTargets(_G: GameState): string[] {
  return [];
}
export function carryOutSailors(_G: GameState, _ship: string): void {}

/** A 9. April window closed without a card: whatever it held up goes on. */
export function april9WindowPassed(_G: GameState, _p: April9Prompt, _rng: Rng): void {}

/** Eidsvoll & Norge lies in the zone and has not fought: the German ships must fight it before landing. */
export function eidsvollBlocksLanding(_G: GameState, _zone: SeaZone): boolean {
  return false;
}
