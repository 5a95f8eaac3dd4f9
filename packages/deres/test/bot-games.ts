/** Games between computer players through the engine, each bot reading only its own seat's view. */
import { BOTS, type Bot } from '../src/bots/index.js';
import { parseAction, perform } from '../src/engine/actions.js';
import { createInitialState } from '../src/engine/setup.js';
import { viewFor } from '../src/engine/view.js';
import type { DeresState } from '../src/types.js';
import { actors, seededRng, uniform } from './helpers.js';

export function playBots(bots: Bot[], seed: number, maxRounds: number): DeresState {
  const rng = seededRng(seed);
  const u = uniform(seed * 13 + 1);
  const G = createInitialState(bots.length, { maxRounds }, rng);
  for (let steps = 0; !G.result; steps++) {
    if (steps > 20_000) throw new Error('game did not end');
    const a = actors(G);
    const seat = a[Math.floor(u() * a.length)]!;
    const m = bots[Number(seat)]!(viewFor(G, seat), seat, u);
    if (!m) throw new Error(`bot for ${seat} has no move in ${G.phase}`);
    perform(G, seat, parseAction(m.move, m.args[0]), rng);
  }
  return G;
}

export { BOTS };
