/** zod schemas for every move's single argument object. Unknown keys are refused (strict). */
import { z } from 'zod';
import { INVENTION_IDS, NATION_IDS } from './types.js';

const coord = z.number().int().min(0).max(63);
export const posSchema = z.strictObject({ x: coord, y: coord });
const id = z.string().min(1).max(20);

export const buyOrdersSchema = z.strictObject({
  kind: z.literal('buy'),
  regiments: z.array(posSchema).max(12),
  forts: z.array(posSchema).max(4),
  upgrades: z.number().int().min(0).max(8),
  fortUpgrades: z.array(id).max(16),
  loan: z.boolean(),
  repay: z.number().int().min(0).max(12),
  castle: id.optional(),
  slaveFort: posSchema.optional(),
  conscripts: z.array(posSchema).length(2).optional(),
});

export const moveOrdersSchema = z.strictObject({
  kind: z.literal('move'),
  moves: z.array(z.strictObject({ piece: id, to: posSchema, recall: z.boolean().optional() })).max(20),
  explorer: z.boolean().optional(),
});

export const shotSchema = z.strictObject({ shooter: id, target: posSchema, sniper: z.boolean().optional() });
export const shootOrdersSchema = z.strictObject({
  kind: z.literal('shoot'),
  shot: shotSchema.nullable(),
  bombard: z.boolean().optional(),
  artillery: z.array(posSchema).length(3).optional(),
  gas: posSchema.optional(),
});

export const spreadOrdersSchema = z.strictObject({ kind: z.literal('spread'), aims: z.array(posSchema).max(10) });

export const ordersSchema = z.discriminatedUnion('kind', [buyOrdersSchema, moveOrdersSchema, shootOrdersSchema, spreadOrdersSchema]);

/** Every move a seat may make, with the schema of its one argument. */
export const MOVE_SCHEMAS = {
  /** Set-up: take a nation not yet taken. */
  chooseNation: z.strictObject({ nation: z.enum(NATION_IDS) }),
  /** Set-up: put the drawn terrain piece in an empty slot of the oval, turned 0–3 quarter turns. */
  placeTile: z.strictObject({ slot: z.number().int().min(0).max(31), rotation: z.number().int().min(0).max(3) }),
  /** Set-up: one of the 4 starting supply tokens. */
  placeSupply: posSchema,
  /** Set-up: the capital, beside the map's edge or water. */
  placeCapital: posSchema,
  /** Order phases: this seat's secret orders for the current step (replaceable until all have submitted). */
  submitOrders: ordersSchema,
  /** Order phases: submit nothing (what the clock does when time runs out). */
  submitEmpty: z.strictObject({}),
  /** Play an invention whose use is 'now' (II, VII). */
  useInvention: z.strictObject({ invention: z.enum(INVENTION_IDS) }),
  /** Ask the others to accept this seat's surrender. */
  proposeSurrender: z.strictObject({}),
  /** Accept or refuse the pending surrender. */
  answerSurrender: z.strictObject({ accept: z.boolean() }),
} as const;

export type MoveName = keyof typeof MOVE_SCHEMAS;
export const MOVE_NAMES = Object.keys(MOVE_SCHEMAS) as MoveName[];
export type MoveArgs<M extends MoveName> = z.infer<(typeof MOVE_SCHEMAS)[M]>;
/** A move as the engine takes it. */
export type Action = { [M in MoveName]: { type: M; args: MoveArgs<M> } }[MoveName];
