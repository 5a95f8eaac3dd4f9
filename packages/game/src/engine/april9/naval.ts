/**
 * The 9. April turn's naval part (EN 7.1 interception, 7.2a naval combat), built on the naval engine
 * of the ordinary turns (engine/naval): the same interception decisions, combats and stages, with the
 * 9. April differences — no ship moves, so every zone where both sides' ships lie is offered in turn,
 * Germany first; Røykdekke and Evakuerte matroser; Eidsvoll & Norge barring landings until fought.
 */
import { SEA_ZONES, type SeaZone } from '../../types.js';
import type { GameState } from '../model/state.js';
import type { April9Prompt, PendingLanding } from '../model/april9.js';
import type { Rng } from '../kernel/rng.js';
import { april9, openWindowsAt } from './windows.js';
import { shipsAt } from './ships.js';
import { april9Card, ship } from '../../cards/advanced.js';
import { navalState, EIDSVOLL_AND_NORGE, pieceOf } from '../naval/ships.js';
import { openInterception } from '../naval/movement.js';
import { beginNavalCombat, beginSetNavalCombat } from '../naval/combat.js';

/** Zones where German ships and Allied or Norwegian ships lie together. */
function contestedZones(G: GameState): SeaZone[] {
  return SEA_ZONES.filter(
    (z) => shipsAt(G, z, 'germany').length > 0 && (shipsAt(G, z, 'allies').length > 0 || shipsAt(G, z, 'norway').length > 0),
  );
}

export function enterApril9Interception(G: GameState, _rng: Rng): void {
  navalState(G);
  april9(G).interceptQueue = contestedZones(G);
}

/**
 * Offer the next zone's interceptions (Germany is the attacker, EN 7.1). Returns true while a
 * decision is open; false when every zone has been offered.
 */
export function continueApril9Interception(G: GameState): boolean {
  const s = april9(G);
  while (s.interceptQueue.length > 0) {
    openInterception(G, 'germany', s.interceptQueue.shift()!);
    if (G.naval?.force) return true;
  }
  return false;
}

/** Zones where Stupbombefly may strike: III–V, with German ships. */
export function diveBomberZones(G: GameState) {
  const e = april9Card('a9.al.stupbombefly').effect;
  return e.kind === 'diveBombers' ? e.zones.filter((z) => shipsAt(G, z, 'germany').length > 0) : [];
}

export function enterApril9NavalCombat(G: GameState, _rng: Rng): void {
  // Stupbombefly strikes ahead of all other naval combat (EN appendix).
  if (diveBomberZones(G).length > 0) openWindowsAt(G, 'navalCombats');
}

/**
 * Fight the naval combats of phase 2a, one at a time. Returns true while one is under way or
 * Germany must choose which comes next; false when all are fought.
 */
export function continueApril9NavalCombats(G: GameState): boolean {
  const n = G.naval;
  if (!n) return false;
  for (;;) {
    if (n.combat) return true;
    if (n.engagements.length === 0) return false;
    // With several combats left Germany chooses the order (the naval engine's navalCombat stage).
    if (n.engagements.length > 1) return true;
    beginNavalCombat(G, n.engagements[0]!.zone);
  }
}

/** Note what a naval combat under way means for the rest of the turn. */
export function noteNavalCombat(G: GameState): void {
  const c = G.naval?.combat;
  if (c?.ships.allies.includes(EIDSVOLL_AND_NORGE)) april9(G).eidsvollFought = true;
}

/** German ships intercepted this turn that Røykdekke could still save. */
export function smokeScreenTargets(G: GameState): string[] {
  return (G.naval?.engagements ?? []).flatMap((e) => e.intercepted.filter((id) => ship(id).faction === 'germany'));
}
/** Røykdekke: the ship slips away in the smoke; it takes no part in the naval combat and may land. */
export function carryOutSmokeScreen(G: GameState, id: string): void {
  for (const e of G.naval?.engagements ?? []) e.intercepted = e.intercepted.filter((x) => x !== id);
  pieceOf(G, id)!.faceUp = false;
}

/** German ships sunk at sea this turn that Evakuerte matroser could still bring ashore. */
export function sailorsTargets(G: GameState): string[] {
  const s = april9(G);
  if (s.sailors) return [];
  return Object.keys(G.naval?.sunkAt ?? {}).filter((id) => ship(id).faction === 'germany' && !s.landed.includes(id));
}
/** Evakuerte matroser: the sunk ship's battalion still lands, from the zone where it went down. */
export function carryOutSailors(G: GameState, id: string): void {
  april9(G).sailors = { ship: id, zone: G.naval!.sunkAt![id]! };
}
/** Open Evakuerte matroser's window when German ships have gone down since it was last offered. */
export function offerSailors(G: GameState): void {
  const s = april9(G);
  const fresh = sailorsTargets(G).filter((id) => !s.sailorsOffered.includes(id));
  if (fresh.length === 0) return;
  s.sailorsOffered.push(...fresh);
  openWindowsAt(G, 'germanShipsSunk');
}

/** A 9. April window closed without a card: whatever it held up goes on. */
export function april9WindowPassed(_G: GameState, _p: April9Prompt, _rng: Rng): void {}

/**
 * Eidsvoll & Norge lies in the zone and has not fought: German ships landing from there must fight
 * it first (EN/NO 7.2).
 */
export function eidsvollBlocksLanding(G: GameState, zone: SeaZone): boolean {
  const piece = pieceOf(G, EIDSVOLL_AND_NORGE);
  return !!piece && piece.at === zone && !april9(G).eidsvollFought;
}

/**
 * The naval combat a landing from Eidsvoll & Norge's zone must fight first: the landing ships
 * against Eidsvoll & Norge alone (other ships in the zone stay out: nobody intercepted them).
 * Returns false when no landing ship is at sea to fight (the landing goes on at once).
 */
export function fightEidsvoll(G: GameState, l: PendingLanding): boolean {
  const germans = l.ships.filter((id) => pieceOf(G, id)?.at === l.zone);
  if (germans.length === 0) return false;
  april9(G).eidsvollFought = true;
  l.eidsvoll = 'fight';
  beginSetNavalCombat(G, l.zone, { germany: germans, allies: [EIDSVOLL_AND_NORGE] });
  return true;
}

/**
 * The fight with Eidsvoll & Norge is over: the landing keeps the ships still in the zone, shown
 * again (the combat turned its survivors face down; a ship that lands is shown), and those sunk, for
 * Evakuerte matroser, whose window opens now. A ship chased away is out of the landing.
 */
export function eidsvollFightOver(G: GameState, l: PendingLanding): void {
  const sunk = G.shipsGone.sunk;
  l.eidsvoll = 'fought';
  l.ships = l.ships.filter((id) => pieceOf(G, id)?.at === l.zone || sunk.includes(id) || april9(G).sailors?.ship === id);
  for (const id of l.ships) {
    const piece = pieceOf(G, id);
    if (piece) piece.faceUp = true;
  }
  offerSailors(G);
}

/** Evakuerte matroser answered: the landing goes on with the ships at sea and a sunk one saved; with none it is over. */
export function afterEidsvollFight(G: GameState, l: PendingLanding): void {
  const s = april9(G);
  delete l.eidsvoll;
  l.ships = l.ships.filter((id) => !!pieceOf(G, id) || s.sailors?.ship === id);
  if (l.ships.length === 0) s.landing = null;
  else openLandingWindows(G, l);
}

/** The windows every landing opens, newest-last: the Allies' Minelegging is answered before Norway's Kystfort. */
export function openLandingWindows(G: GameState, l: PendingLanding): void {
  openWindowsAt(G, 'landing', { area: l.area, zone: l.zone });
}
