import { z } from 'zod';
import { FACTIONS } from '../types.js';

/**
 * What a card can do, as data. The engine implements each kind once (engine/effects.ts); the card
 * file only says which kinds a card has and with which numbers.
 */
export const effectSchema = z.discriminatedUnion('kind', [
  /** +dice for the attacking side in a land combat (played by the attacker, step 1). */
  z.object({
    kind: z.literal('attackDice'),
    dice: z.number().int().positive(),
    /** Not when every attacking battalion came by Fallskjermtropp. */
    notParatroopersOnly: z.boolean().optional(),
    /** Only where German aircraft reach (air field range or south of "Fra Tyskland"). */
    airRange: z.boolean().optional(),
    /** Only in land areas on the blue-shadow coast (zones III–VII, not I/II). */
    alliedCoast: z.boolean().optional(),
    /** Jagerbomber's bonus: a Jagerfly cannot cancel it. */
    immuneToJagerfly: z.boolean().optional(),
    /** Advanced rules: an Allied ship of this type must lie in a sea zone on the area's coast. */
    needsShip: z.enum(['hangarskip', 'slagskip']).optional(),
  }),
  /** +dice for the defending side (played by the defender, step 2). */
  z.object({ kind: z.literal('defenseDice'), dice: z.number().int().positive() }),
  /** Cancel one card of the listed titles played by the other side in this combat. */
  z.object({
    kind: z.literal('cancel'),
    targets: z.array(z.string()).min(1),
    /** Jagerfly: only in land areas on the blue-shadow coast. */
    alliedCoast: z.boolean().optional(),
    /** Advanced rules: an Allied ship of this type must lie off the coast (at sea: in the combat's zone). */
    needsShip: z.enum(['hangarskip', 'slagskip']).optional(),
    /** Played only by the attacker, as a counter card in step 3 (EN 4.2 lists Speidertropp and Jagerbomber there only). */
    attackerOnly: z.boolean().optional(),
  }),
  /** Ingeniørkompani: cancel a Veisperring or Sprengt bro. */
  z.object({ kind: z.literal('cancelSabotage') }),
  /** Veisperring: one attacking German battalion goes back. */
  z.object({ kind: z.literal('roadblock') }),
  /** Sprengt bro: one attacking German stack goes back. */
  z.object({ kind: z.literal('blownBridge') }),
  /** Rask forflytning: 1–2 battalions move two areas together. */
  z.object({ kind: z.literal('rapidMove'), mayAttack: z.boolean() }),
  /** Rask forflytning (Norway): 1–2 battalions leave an area under attack before combat. */
  z.object({ kind: z.literal('escape') }),
  /** Fallskjermtropp: a new battalion in any area within air range, may attack. */
  z.object({ kind: z.literal('paradrop') }),
  /** Transportfly: 1–2 battalions fly between German-held air fields. */
  z.object({ kind: z.literal('airlift') }),
  /** Transportfly: 1–2 bought reinforcements land on a German-held air field. */
  z.object({ kind: z.literal('airReinforce') }),
  /** Invasjon: buy and place reinforcements on the blue coast in the movement phase; they may attack. Advanced rules: `noGermanSeaControl`. */
  z.object({ kind: z.literal('invasion'), noGermanSeaControl: z.boolean().optional() }),
  /** Jagerfly: move a paratrooper to a neighbouring area of the Allies' choice. */
  z.object({
    kind: z.literal('redirectParatrooper'),
    alliedCoast: z.boolean().optional(),
    /** Advanced rules: an Allied ship of this type must lie off the landing area's coast. */
    needsShip: z.enum(['hangarskip', 'slagskip']).optional(),
  }),
  /** Kystevakuering: 1–2 battalions by sea between blue-coast areas, not into combat. */
  z.object({ kind: z.literal('seaMove'), noGermanSeaControl: z.boolean().optional() }),
  /** Kystevakuering: save one defeated Allied battalion to another blue-coast area. */
  z.object({ kind: z.literal('evacuate'), noGermanSeaControl: z.boolean().optional() }),
  /** Ubåt: roll right after the enemy places a reinforcement; a hit sinks it. */
  z.object({ kind: z.literal('sinkReinforcement'), hits: z.array(z.number().int().min(1).max(6)).min(1) }),
  /** Advanced rules only: sink a ship in a naval combat on these rolls. */
  z.object({ kind: z.literal('navalSink'), hits: z.array(z.number().int().min(1).max(6)).min(1), airRange: z.boolean().optional() }),
]);

export const actionCardSchema = z.object({
  /** "<faction prefix>.<title slug>": de. (Germany), no. (Norway), al. (the Allies). */
  id: z.string().regex(/^(de|no|al)\.[a-z-]+$/),
  faction: z.enum(FACTIONS),
  /** The Norwegian title printed on the card. */
  title: z.string(),
  /** Reinforcement symbols of each copy in the deck: its length is the number of copies. */
  copies: z.array(z.number().int().min(1).max(9)).min(1),
  effects: z.array(effectSchema),
  /**
   * Card type for "at most one card of a type per side in one combat". Defaults to the title slug;
   * Bombefly and Jagerbomber's bonus share "air". Per effect index where effects differ.
   */
  combatTypes: z.array(z.string()).optional(),
  /** Titles that may not be played in the same combat by the same side (Fransk alpejeger / Polsk bergjeger). */
  excludes: z.array(z.string()).optional(),
});

export const cardTextSchema = z.object({
  /** English translation of the title, shown beside the Norwegian one. */
  titleEn: z.string(),
  /** One entry per effect of the card (same order as in action-cards.json). */
  effects: z.array(z.object({ no: z.string(), en: z.string() })),
  /** Limits and footnotes in our own words. */
  notes: z.array(z.object({ no: z.string(), en: z.string() })).default([]),
});

export type Effect = z.infer<typeof effectSchema>;
export type EffectKind = Effect['kind'];
export type ActionCardDef = z.infer<typeof actionCardSchema>;
export type CardText = z.infer<typeof cardTextSchema>;
