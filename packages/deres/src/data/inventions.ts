/** Inventions (påfunn) I–X: when each may be played and how. */
import type { InventionId } from '../types.js';

/**
 * Where an invention is played: as part of the orders of a phase ('buy', 'move', 'shoot'), or at once
 * by the `useInvention` move ('now') whenever the game is running.
 */
export type InventionUse = 'buy' | 'move' | 'shoot' | 'now';

export interface InventionRules {
  id: InventionId;
  use: InventionUse;
}

export const INVENTIONS: Record<InventionId, InventionRules> = {
  /** Slott: a fort becomes a castle (3 defence, +3 to neighbours, shoots without reloading, does not move). */
  I: { id: 'I', use: 'buy' },
  /** Forsvunnet skattkiste: 2 supplies at once. */
  II: { id: 'II', use: 'now' },
  /** Snikskytter: one shot hits for certain; it may aim over enemy pieces. */
  III: { id: 'III', use: 'shoot' },
  /** Bombardering: every missed shot this round is rolled once more. */
  IV: { id: 'IV', use: 'shoot' },
  /** Slaveri: a free fort on any completely free square. */
  V: { id: 'V', use: 'buy' },
  /** Artilleri: three enemy regiments; a d12 of 1–4 kills the first, 5–8 the second, 9–12 the third. */
  VI: { id: 'VI', use: 'shoot' },
  /** Samler: take the supplies under own regiments (and Green forts) at once. */
  VII: { id: 'VII', use: 'now' },
  /** Verneplikt: 2 free regiments, placed together as bought ones; those without room are lost. */
  VIII: { id: 'VIII', use: 'buy' },
  /** Utforsker: +1 movement this round and every step costs 1 (0.5 onto a fort). */
  IX: { id: 'IX', use: 'move' },
  /** Sennepsgass: a thrown gas token kills every regiment on the squares it touches. */
  X: { id: 'X', use: 'shoot' },
};

/** Inventions a nation may hold at once (one from its first fourth fort, one from its 4th upgrade). */
export const MAX_INVENTIONS = 2;
