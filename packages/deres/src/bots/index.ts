/** Computer players. Each takes a seat's view (or the state), the seat and a source of uniform numbers. */
import type { LegalMove } from '../engine/legal.js';
import type { DeresState, DeresView, Seat } from '../types.js';
import { greedyMove } from './greedy.js';
import { randomMove, type Uniform } from './random.js';

export type Bot = (view: DeresState | DeresView, seat: Seat, u: Uniform) => LegalMove | null;

export const BOTS: Record<'random' | 'greedy', Bot> = {
  random: (v, s, u) => randomMove(v, s, u),
  greedy: greedyMove,
};

export { greedyMove, randomMove, type Uniform };
