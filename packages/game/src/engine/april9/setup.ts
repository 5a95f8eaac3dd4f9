import { FACTIONS, type Faction } from '../../types.js';
import { ALLIED_SHIPS_ON_APRIL9, april9StockOf, shipsOf } from '../../cards/advanced.js';
import type { GameState } from '../model/state.js';
import type { Rng } from '../kernel/rng.js';
import { log } from '../kernel/log.js';
import type { April9State } from '../model/april9.js';

const perFaction = <T>(make: (f: Faction) => T): Record<Faction, T> => ({
  germany: make('germany'),
  norway: make('norway'),
  allies: make('allies'),
});

/** Round number of the 9. April turn: the first ordinary German turn is round 1. */
export const APRIL9_ROUND = 0;

/**
 * The advanced game's opening (EN 7.0): no battalions on the board, no action cards in hand, every
 * ship in its owner's reserve. The Allies draw 9 of their 18 ships at random for this turn.
 */
export function startApril9(G: GameState, rng: Rng): void {
  G.round = APRIL9_ROUND;
  for (const f of FACTIONS) G.shipReserve[f] = shipsOf(f).map((s) => s.id);
  const state: April9State = {
    step: 'choose',
    who: 'germany',
    hands: perFaction(() => []),
    // Until a faction has chosen, its whole stock lies in the box.
    boxed: perFaction((f) => april9StockOf(f)),
    used: [],
    alliedDrawn: rng.shuffle([...G.shipReserve.allies]).slice(0, ALLIED_SHIPS_ON_APRIL9),
    deploy: { oslo: 1, mobilization: 2, mobilizationAreas: [] },
    reconnoitred: [],
    landing: null,
    landed: [],
    sailors: null,
    invaded: [],
    resisted: [],
    blocked: [],
    eidsvollFought: false,
    interceptQueue: [],
    sailorsOffered: [],
    mobilization: 0,
    mobilized: [],
  };
  G.april9 = state;
  log(G, null, 'april9Starts');
}
