import type { AreaId, Faction } from '../src/types.js';
import { FACTIONS } from '../src/types.js';
import type { GameState, TurnPhase } from '../src/engine/model/state.js';
import type { Rng } from '../src/engine/kernel/rng.js';
import { createInitialState } from '../src/engine/setup.js';
import { parseAction, perform, isLegal } from '../src/engine/actions.js';
import { forcedDice } from '../src/testing/rng.js';
import { count } from '../src/engine/kernel/forces.js';
import type { Scenario } from '../src/scenarios/schema.js';

export interface Position {
  turn: Faction;
  phase?: TurnPhase;
  units: Partial<Record<Faction, Record<AreaId, number>>>;
  hands?: Partial<Record<Faction, string[]>>;
  alliesLanded?: boolean;
  /** A scenario's game instead of the full basic game (its file then says whether the Allies have landed). */
  scenario?: Scenario;
}

/**
 * A game in a chosen position, as the rulebook's examples set it up. The cards put in hand are
 * taken out of the (unshuffled) decks, so every card is still in exactly one place.
 */
export function positionOf(p: Position): GameState {
  const G = createInitialState(p.scenario ? { scenario: p.scenario } : { ruleset: 'basic' }, forcedDice([]));
  G.units = {};
  G.moved = {};
  for (const f of FACTIONS) {
    G.created[f] = 0;
    for (const [area, n] of Object.entries(p.units[f] ?? {})) {
      (G.units[area] ??= {})[f] = n;
      G.created[f] += n;
    }
    const hand = p.hands?.[f];
    if (hand) {
      const all = [...G.hands[f], ...G.decks[f].draw];
      G.hands[f] = [...hand];
      G.decks[f].draw = all.filter((c) => !hand.includes(c));
    }
  }
  G.turn = p.turn;
  G.phase = p.phase ?? 'movement';
  G.alliesLanded = p.alliesLanded ?? (p.scenario ? G.alliesLanded : true);
  return G;
}

export function act(G: GameState, f: Faction, type: string, args: unknown = {}, rng: Rng = forcedDice([])): void {
  perform(G, f, parseAction(type, args), rng);
}
export function legal(G: GameState, f: Faction, type: string, args: unknown = {}): boolean {
  return isLegal(G, f, parseAction(type, args));
}
export const units = (G: GameState, area: AreaId, f: Faction) => count(G, area, f);
