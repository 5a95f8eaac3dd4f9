/**
 * Every decision a player can make, as an action type with zod-checked arguments. The schemas are
 * constants of the model, each made at its first use (lazy-record.ts): the state's undo trail and
 * every layer above it speak of actions, while the handlers that carry them out live in the rules API
 * (engine/actions.ts, april9/actions.ts, naval/actions.ts). The key order is the order legal actions
 * are listed in.
 */
import { z } from 'zod';
import { SEA_ZONES, type AreaId } from '../../types.js';
import { isArea } from '../../board/index.js';
import { isCardInstance, type CardInstanceId } from '../../cards/index.js';
import { april9Card, SHIPS } from '../../cards/advanced.js';
import { lazyRecord, readersOf } from './lazy-record.js';

const areaId = z.string().refine(isArea, 'unknown area');
const cardId = z.string().refine(isCardInstance, 'unknown card');
const positive = z.number().int().positive().max(99);
const zone = z.enum(SEA_ZONES);
const APRIL9_INSTANCE = /^a9\.(de|no|al)\.[a-z0-9-]+#[1-9]$/;
const april9CardId = z
  .string()
  .max(60)
  .refine((c) => {
    if (!APRIL9_INSTANCE.test(c)) return false;
    try {
      return Number(c.split('#')[1]) <= april9Card(c).copies.length;
    } catch {
      return false;
    }
  }, 'unknown 9. April card');
const SHIP_IDS = new Set(SHIPS.map((s) => s.id));
const shipId = z
  .string()
  .max(60)
  .refine((s) => SHIP_IDS.has(s), 'unknown ship');

/** The 9. April turn's decisions (engine/april9). */
export const APRIL9_SCHEMAS = lazyRecord({
  chooseApril9: () => z.object({ cards: z.array(april9CardId).min(1).max(11) }).strict(),
  deploy: () => z.object({ area: areaId }).strict(),
  placeShip: () => z.object({ ship: shipId, zone }).strict(),
  /** A group of ships into one zone at once (one decision instead of one per ship). */
  placeShips: () => z.object({ ships: z.array(shipId).min(1).max(18), zone }).strict(),
  playApril9: () =>
    z
      .object({
        card: april9CardId,
        zone: zone.optional(),
        area: areaId.optional(),
        from: areaId.optional(),
        ship: shipId.optional(),
        other: shipId.optional(),
      })
      .strict(),
  deceive: () => z.object({ to: zone }).strict(),
  raid: () => z.object({ ship: shipId }).strict(),
  landShips: () => z.object({ zone, area: areaId, ships: z.array(shipId).min(1).max(17) }).strict(),
  mobilize: () => z.object({ area: areaId }).strict(),
  tradeApril9: () => z.object({ cards: z.array(april9CardId).min(1).max(5) }).strict(),
  pullBack: () => z.object({ to: areaId }).strict(),
});

export type April9ActionType = keyof typeof APRIL9_SCHEMAS;

/** The naval decisions of an ordinary advanced turn (engine/naval). */
export const NAVAL_SCHEMAS = lazyRecord({
  sail: () => z.object({ ships: z.array(shipId).min(1).max(18), to: zone }).strict(),
  anchor: () => z.object({}).strict(),
  intercept: () => z.object({ attempt: z.boolean() }).strict(),
  recallRaiders: () => z.object({ cards: z.array(cardId).min(1).max(5) }).strict(),
  chooseNavalCombat: () => z.object({ zone }).strict(),
  commitShips: () => z.object({ ships: z.array(shipId).max(18) }).strict(),
  playNavalCard: () => z.object({ card: cardId, effect: z.number().int().min(0).max(3), target: cardId.optional() }).strict(),
  voidGermanCards: () => z.object({ count: z.number().int().min(0).max(20) }).strict(),
  chaseShip: () => z.object({ ship: shipId, to: zone }).strict(),
  withdrawShips: () => z.object({ ships: z.array(shipId).max(18) }).strict(),
});

export type NavalActionType = keyof typeof NAVAL_SCHEMAS;

export const ACTION_SCHEMAS = lazyRecord({
  move: () => z.object({ from: areaId, to: areaId, count: positive }).strict(),
  playCard: () =>
    z
      .object({
        card: cardId,
        effect: z.number().int().min(0).max(3),
        from: areaId.optional(),
        via: areaId.optional(),
        to: areaId.optional(),
        count: positive.optional(),
        attack: z.string().max(80).optional(),
        target: cardId.optional(),
      })
      .strict(),
  pass: () => z.object({}).strict(),
  endPhase: () => z.object({}).strict(),
  chooseCombat: () => z.object({ area: areaId }).strict(),
  chooseLosses: () => z.object({ losses: z.record(z.string().max(80), z.number().int().min(0).max(99)) }).strict(),
  answerLosses: () => z.object({ accept: z.boolean() }).strict(),
  retreat: () => z.object({ to: areaId }).strict(),
  trade: () => z.object({ cards: z.array(cardId).min(1).max(5) }).strict(),
  place: () => z.object({ area: areaId, count: positive, byAir: z.boolean().optional() }).strict(),
  land: () => z.object({ areas: z.tuple([areaId, areaId]) }).strict(),
  discard: () => z.object({ card: cardId }).strict(),
  withdraw: () =>
    z
      .object({
        removals: z
          .array(z.object({ area: areaId, count: positive }))
          .min(1)
          .max(44),
      })
      .strict(),
  ...readersOf(APRIL9_SCHEMAS),
  ...readersOf(NAVAL_SCHEMAS),
});

export type ActionType = keyof typeof ACTION_SCHEMAS;
export const ACTION_TYPES = Object.keys(ACTION_SCHEMAS) as ActionType[];
export type ActionArgs<T extends ActionType> = z.infer<(typeof ACTION_SCHEMAS)[T]>;
export type Action = { [T in ActionType]: { type: T; args: ActionArgs<T> } }[ActionType];

/** Arguments a card play may carry (playCard's, less the card and effect); each effect reads the ones it needs. */
export interface CardParams {
  from?: AreaId;
  via?: AreaId;
  to?: AreaId;
  count?: number;
  /** An attack id (Veisperring, Sprengt bro). */
  attack?: string;
  /** A played card to cancel. */
  target?: CardInstanceId;
}
