import { z } from 'zod';
import type { Faction } from '../types.js';
import { actionCardSchema, type ActionCardDef, type Effect } from './schema.js';
import rawCards from './action-cards.json';

export const ACTION_CARDS: readonly ActionCardDef[] = z.array(actionCardSchema).parse(rawCards);

const defById = new Map(ACTION_CARDS.map((c) => [c.id, c]));

/** A physical card: "<card id>#<copy number>", e.g. "de.panzer#3". */
export type CardInstanceId = string;

/** Looked up on every card rule check: remembered per instance id rather than split each time. */
const defByInstance = new Map<string, ActionCardDef>();
export function cardDef(idOrInstance: string): ActionCardDef {
  const known = defByInstance.get(idOrInstance);
  if (known) return known;
  const def = defById.get(idOrInstance.split('#')[0] ?? '');
  if (!def) throw new Error(`unknown card ${idOrInstance}`);
  defByInstance.set(idOrInstance, def);
  return def;
}
export function isCardInstance(x: unknown): x is CardInstanceId {
  if (typeof x !== 'string') return false;
  const [id, n] = x.split('#');
  const def = defById.get(id ?? '');
  const copy = Number(n);
  return !!def && Number.isInteger(copy) && copy >= 1 && copy <= def.copies.length;
}
/** Reinforcement symbols printed on one physical card. */
export function symbolsOf(instance: CardInstanceId): number {
  const def = cardDef(instance);
  const copy = Number(instance.split('#')[1]);
  return def.copies[copy - 1] ?? 0;
}
export function titleSlug(cardId: string): string {
  return cardId.split('#')[0]!.split('.')[1]!;
}
/** Every physical action card of a faction, in catalogue order (shuffled at setup). */
export function deckOf(faction: Faction): CardInstanceId[] {
  return ACTION_CARDS.filter((c) => c.faction === faction).flatMap((c) => c.copies.map((_, i) => `${c.id}#${i + 1}`));
}
/** The combat type of one effect of a card, for the one-card-of-a-type rule. */
export function combatType(def: ActionCardDef, effectIndex: number): string {
  return def.combatTypes?.[effectIndex] ?? titleSlug(def.id);
}
export function effectsOf(idOrInstance: string): readonly Effect[] {
  return cardDef(idOrInstance).effects;
}
export const HAND_SIZE: Record<Faction, number> = { germany: 5, norway: 3, allies: 3 };
/** Symbols per bought battalion. */
export const SYMBOLS_PER_BATTALION = 3;
