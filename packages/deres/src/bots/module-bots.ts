/**
 * The computer players as the platform asks them (@kon/platform ModuleBots): by level, from the
 * seat's own view, with a seed for their chances. Easy is the random player, Normal the evaluating
 * one. Loaded by the server's bot workers only (platform-module.ts imports this lazily).
 */
import type { ModuleBotDecide } from '@kon/platform';
import { legalActions } from '../engine/legal.js';
import type { DeresView } from '../types.js';
import { greedyMove } from './greedy.js';
import { randomMove, type Uniform } from './random.js';

/** The levels the platform offers, weakest first (the protocol's strength names). */
export const BOT_LEVELS = ['easy', 'normal'] as const;

/** mulberry32: the same seed gives the same choices. */
export function uniformOf(seed: number): Uniform {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const decide: ModuleBotDecide<DeresView> = ({ level, view, playerID, seed }) => {
  const player = level === 'easy' ? randomMove : level === 'normal' ? greedyMove : undefined;
  if (!player) throw new Error(`no ${level} computer player for Deres uenighet`);
  if (!Object.hasOwn(view.nations, playerID)) throw new Error(`seat ${playerID} is not in this match`);
  const legal = legalActions(view, playerID);
  // A surrender asked of it: another nation leaving the game is good for every other, so both accept.
  const s = view.surrender;
  if (s && s.seat !== playerID && !s.consents.includes(playerID))
    return { move: { move: 'answerSurrender', args: [{ accept: true }] }, legalCount: legal.length };
  const move = player(view, playerID, uniformOf(seed));
  if (!move) throw new Error('the seat has nothing to do');
  return { move: { move: move.move, args: move.args }, legalCount: legal.length };
};
