import type { Rng } from '../src/engine/kernel/rng.js';
import type { GameState } from '../src/engine/model/state.js';
import { createInitialState } from '../src/engine/setup.js';
import { forcedDice } from '../src/testing/rng.js';
import { act } from './helpers.js';
import { actor } from '../src/engine/flow.js';
import { shipsOf } from '../src/cards/advanced.js';

/**
 * Forced dice whose shuffles keep the order given, except that `first` items (e.g. the Allied ships
 * a test wants drawn) are moved to the front.
 */
export function diceWith(dice: number[], first: string[] = []): Rng & { remaining(): number } {
  const r = forcedDice(dice);
  return {
    ...r,
    shuffle: <T>(items: T[]) => [...items.filter((x) => first.includes(x as string)), ...items.filter((x) => !first.includes(x as string))],
  };
}

/** A new advanced game: the 9. April turn, with the Allies' drawn ships chosen by the test. */
export function advancedGame(alliedFirst: string[] = []): GameState {
  return createInitialState({ ruleset: 'advanced' }, diceWith([], alliedFirst));
}

export const GERMAN_SHIPS = shipsOf('germany').map((s) => s.id);

/**
 * Play the opening up to the end of the ship placement windows: the given cards kept, Norway's
 * battalions in Oslo, Hamar and Gjøvik, Eidsvoll & Norge in `eidsvoll`, Germany's ships where
 * `germanAt` says (default zone I), Allied ships where `alliedAt` says (default zone VIII).
 */
export function openingTo(
  G: GameState,
  opts: {
    cards: { germany: string[]; norway: string[]; allies: string[] };
    eidsvoll?: string;
    germanAt?: Record<string, string>;
  },
): void {
  act(G, 'germany', 'chooseApril9', { cards: opts.cards.germany });
  act(G, 'norway', 'chooseApril9', { cards: opts.cards.norway });
  act(G, 'allies', 'chooseApril9', { cards: opts.cards.allies });
  act(G, 'allies', 'pass'); // Skip til unnsetning's window
  for (const area of ['oslo', 'hamar', 'gjovik']) act(G, 'norway', 'deploy', { area });
  act(G, 'norway', 'placeShip', { ship: 'ship.no.eidsvoll-norge', zone: opts.eidsvoll ?? 'VII' });
  const at = opts.germanAt ?? {};
  for (const id of [...GERMAN_SHIPS].sort((a, b) => Number(!(a in at)) - Number(!(b in at))))
    act(G, 'germany', 'placeShip', { ship: id, zone: at[id] ?? 'I' });
}

/** The Allies place every drawn ship: `at` for the named ones, zone VIII for the rest. */
export function placeAllied(G: GameState, at: Record<string, string> = {}): void {
  const drawn = [...G.april9!.alliedDrawn].sort((a, b) => Number(!(a in at)) - Number(!(b in at)));
  for (const id of drawn) act(G, 'allies', 'placeShip', { ship: id, zone: at[id] ?? 'VIII' });
}

/** Both sides let every interception chance of the 9. April turn go by (EN 7.1). */
export function declineInterceptions(G: GameState): void {
  for (let a = actor(G); a?.stage === 'intercept'; a = actor(G)) act(G, a.faction, 'intercept', { attempt: false });
}
