/** Random complete games through the engine, with the invariants checked after every action. */
import { expect } from 'vitest';
import { parseAction, perform, whyIllegal } from '../src/engine/actions.js';
import { createInitialState } from '../src/engine/setup.js';
import { legalActions } from '../src/engine/legal.js';
import { randomMove } from '../src/bots/random.js';
import { checkInvariants } from './invariants.js';
import { actors, seededRng, uniform } from './helpers.js';

export function playRandomGame(players: number, seed: number, maxRounds = 8) {
  const rng = seededRng(seed);
  const u = uniform(seed * 31 + 7);
  const G = createInitialState(players, { maxRounds }, rng);
  let steps = 0;
  while (!G.result) {
    if (++steps > 20_000) throw new Error(`game ${seed} did not end`);
    const a = actors(G);
    const seat = a[Math.floor(u() * a.length)]!;
    // Now and then a surrender is asked and answered, or an instant invention played.
    if (G.round > 2 && u() < 0.004 && !G.surrender) perform(G, seat, parseAction('proposeSurrender', {}), rng);
    if (G.surrender) {
      for (const s of G.seats)
        if (G.surrender && s !== G.surrender.seat && !G.nations[s]!.out && !G.surrender.consents.includes(s))
          perform(G, s, parseAction('answerSurrender', { accept: u() < 0.7 }), rng);
      checkInvariants(G);
      if (G.result) break;
      continue;
    }
    // The seat to act has legal moves; every so often one of them is tried on a copy: the listing
    // offers only moves the engine accepts.
    const listed = legalActions(G, seat);
    if (!listed.length) throw new Error(`nothing listed for ${seat} in ${G.phase}`);
    if (u() < 0.05) {
      const l = listed[Math.floor(u() * listed.length)]!;
      expect(whyIllegal(G, seat, l.move, l.args[0], seededRng(1))).toBeNull();
    }
    const m = randomMove(G, seat, u, listed);
    if (!m) throw new Error(`no move for ${seat} in ${G.phase}`);
    perform(G, seat, parseAction(m.move, m.args[0]), rng);
    checkInvariants(G);
  }
  return G;
}
