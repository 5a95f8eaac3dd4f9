/**
 * The computer players as the platform asks them (@kon/platform ModuleBots): Easy and Normal by
 * level, from the seat's own FactionView, with a seed for their tie-breaks and playouts. Loaded by
 * the server's bot workers only (module.ts imports this lazily).
 */
import type { ModuleBotDecide } from '@kon/platform';
import type { FactionView } from '../engine/view.js';
import { seededRng } from '../testing/rng.js';
import { easyBot, legalFromView } from './easy.js';
import { normalBot } from './normal.js';
import type { Bot } from './types.js';

const PLAYERS: Readonly<Record<string, Bot>> = { easy: easyBot, normal: normalBot };

export const decide: ModuleBotDecide<FactionView> = ({ level, view, seed, maxMs }) => {
  const bot = Object.hasOwn(PLAYERS, level) ? PLAYERS[level] : undefined;
  if (!bot) throw new Error(`no ${level} computer player in this build`);
  const legal = legalFromView(view);
  if (legal.length === 0) throw new Error('the seat has no legal action');
  const action = bot({ view, legal, rng: seededRng(seed), ...(maxMs !== undefined ? { budget: { maxMs } } : {}) });
  return { move: { move: action.type, args: [action.args] }, legalCount: legal.length };
};
