import { z } from 'zod';
import type { Faction } from '../types.js';
import {
  april9CardSchema,
  shipsFileSchema,
  type April9CardDef,
  type NavalRules,
  type ShipDef,
  type ShipType,
  type ShipTypeDef,
} from './advanced-schema.js';
import { cardTextSchema, type CardText } from './schema.js';
import rawApril9 from './april9-cards.json';
import rawShips from './ships.json';
import rawCardTexts from './card-texts.json';

/** Every 9. April card title in the box, with its copies (parsed and checked at load). */
export const APRIL9_CARDS: readonly April9CardDef[] = z.array(april9CardSchema).parse(rawApril9);

const shipsFile = shipsFileSchema.parse(rawShips);
/** Dice table and rules per ship category (EN 6.1). */
export const SHIP_TYPE_DEFS: Readonly<Record<ShipType, ShipTypeDef>> = shipsFile.types;
/** Interception faces and the Allied deck-out's ship withdrawal (EN 6.1, 8.1). */
export const NAVAL_RULES: Readonly<NavalRules> = shipsFile.naval;
/** All 36 ship cards in the box. */
export const SHIPS: readonly ShipDef[] = shipsFile.ships;

/**
 * Player-facing texts of the action cards (card-texts.json), keyed by action-card id. Parsed here
 * because cards/index.ts belongs to the engine; the UI can import it from this module.
 */
export const CARD_TEXTS: Readonly<Record<string, CardText>> = z.record(z.string(), cardTextSchema).parse(rawCardTexts);

export function cardText(idOrInstance: string): CardText {
  const t = CARD_TEXTS[idOrInstance.split('#')[0] ?? ''];
  if (!t) throw new Error(`no texts for card ${idOrInstance}`);
  return t;
}

/** How many 9. April cards each faction keeps from its stock (EN 7.0). */
export const APRIL9_KEEP: Record<Faction, number> = { germany: 5, norway: 3, allies: 3 };
/** How many of their 18 ships the Allies draw at random for the 9. April turn (EN 7.0). */
export const ALLIED_SHIPS_ON_APRIL9 = 9;
/** Reinforcement symbols Germany pays to call raiding ships back (EN 7.2). */
export const RAID_RECALL_SYMBOLS = 6;

const april9ById = new Map(APRIL9_CARDS.map((c) => [c.id, c]));
const shipById = new Map(SHIPS.map((s) => [s.id, s]));

/** A 9. April card definition from its id or a physical copy "a9.de.fallskjermtropp#2". */
export function april9Card(idOrInstance: string): April9CardDef {
  const def = april9ById.get(idOrInstance.split('#')[0] ?? '');
  if (!def) throw new Error(`unknown 9. April card ${idOrInstance}`);
  return def;
}
/** Every physical 9. April card of a faction ("<id>#<copy>"), from which it chooses APRIL9_KEEP. */
export function april9StockOf(faction: Faction): string[] {
  return APRIL9_CARDS.filter((c) => c.faction === faction).flatMap((c) => c.copies.map((_, i) => `${c.id}#${i + 1}`));
}
/** Reinforcement symbols on one physical 9. April card. */
export function april9SymbolsOf(instance: string): number {
  const def = april9Card(instance);
  return def.copies[Number(instance.split('#')[1]) - 1] ?? 0;
}

export function ship(id: string): ShipDef {
  const s = shipById.get(id);
  if (!s) throw new Error(`unknown ship ${id}`);
  return s;
}
export function shipsOf(faction: Faction): ShipDef[] {
  return SHIPS.filter((s) => s.faction === faction);
}
/** The dice table of a ship (by ship id or ship definition). */
export function shipTypeOf(s: string | ShipDef): ShipTypeDef {
  return SHIP_TYPE_DEFS[(typeof s === 'string' ? ship(s) : s).type];
}
/** What one naval-combat die does for this ship: "sink", "chase" or nothing. */
export function navalRollResult(s: string | ShipDef, roll: number): 'sink' | 'chase' | null {
  const t = shipTypeOf(s);
  if (t.sink.includes(roll)) return 'sink';
  if (t.chase.includes(roll)) return 'chase';
  return null;
}
/** Action cards its owner voids when this ship is sunk. */
export function cardsVoidedBySinking(s: string | ShipDef): number {
  return shipTypeOf(s).cardsVoided;
}
export function isDummy(s: string | ShipDef): boolean {
  return (typeof s === 'string' ? ship(s) : s).type === 'dummy';
}
