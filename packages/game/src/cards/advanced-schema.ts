import { z } from 'zod';
import { FACTIONS, SEA_ZONES } from '../types.js';

/**
 * Data shapes for the advanced game's extra cards: the 9. April cards (april9-cards.json) and the
 * ship cards (ships.json). The numbers (hit faces, dice, cards voided) live in the JSON, not here.
 */

/** A die face, 1..6 (the rulebook's U..Z). */
const face = z.number().int().min(1).max(6);
const faces = z.array(face).min(1);

/** One line of player-facing text in both languages (our own words). */
export const bilingualSchema = z.object({ no: z.string().min(1), en: z.string().min(1) });

/** When in the 9. April turn a card is played (EN ch. 7). */
export const APRIL9_PHASES = [
  'choose', // initial phase, before any ship is placed
  'placement', // after ships have been placed (before interception)
  'interception', // phase 1, naval interception
  'movement', // phase 1, movement (only paratroopers and fighters)
  'navalCombat', // phase 2a
  'landing', // phase 2a, German ships land their battalions
  'landCombat', // phase 2b
  'reinforcement', // phase 3
  'never', // no action: the card is only worth its reinforcement symbols
] as const;

/** What a 9. April card does. One effect per card. */
export const april9EffectSchema = z.discriminatedUnion('kind', [
  /** Villedende manøver: roll per Allied ship in one chosen sea zone; a hit moves it to a neighbouring zone Germany picks. */
  z.object({ kind: z.literal('deceive'), hits: faces }),
  /** Fallskjermtropp: a new battalion in any land area within air range (may attack). */
  z.object({ kind: z.literal('paradrop') }),
  /** Bombefly / Gebirgsjäger: extra dice for the German attack in a 9. April land combat. */
  z.object({
    kind: z.literal('attackDice'),
    dice: z.number().int().positive(),
    airRange: z.boolean().optional(),
    notParatroopersOnly: z.boolean().optional(),
  }),
  /** Transportfly: up to `max` bought reinforcements onto an air field Germany holds. */
  z.object({ kind: z.literal('airReinforce'), max: z.number().int().positive() }),
  /** Røykdekke: one intercepted German ship avoids naval combat and lands as normal. */
  z.object({ kind: z.literal('smokeScreen') }),
  /** Bløff/trusler: roll per Norwegian battalion at the start of a land combat. */
  z.object({ kind: z.literal('intimidation'), surrender: faces, retreat: faces }),
  /** Evakuerte matroser: a sunk German ship still lands its battalion first. */
  z.object({ kind: z.literal('evacuatedSailors') }),
  /** Jagerfly (Norway's 9. April card): a paratrooper lands in a neighbouring area chosen by `chooser`. */
  z.object({ kind: z.literal('redirectParatrooper'), chooser: z.enum(FACTIONS) }),
  /** Kystfort: when Germany lands in a victory city: `sink` sinks one landing ship, `block` turns the landing away. */
  z.object({ kind: z.literal('coastalFort'), sink: faces, block: faces }),
  /** Omdisponering: one Norwegian battalion moves `areas` land area(s) after the German ships are placed. */
  z.object({ kind: z.literal('reallocation'), areas: z.number().int().positive() }),
  /** Ubåt: roll right after the enemy places a reinforcement; a hit sinks it (not air-transported ones). */
  z.object({ kind: z.literal('sinkReinforcement'), hits: faces, notAirTransported: z.boolean() }),
  /** Minelegging: one roll when Germany lands from a sea zone; a hit sinks a random German ship there. */
  z.object({ kind: z.literal('navalMines'), hits: faces }),
  /** Rekognoseringsfly: roll per German ship in one sea zone; each hit reveals one. */
  z.object({ kind: z.literal('reconnaissance'), hits: faces, excludedZones: z.array(z.enum(SEA_ZONES)) }),
  /** Skip til unnsetning: swap one drawn Allied ship for one not drawn. */
  z.object({ kind: z.literal('shipRescue') }),
  /** Stupbombefly: one roll before other naval combat; a hit sinks a random German ship (dummies included). */
  z.object({ kind: z.literal('diveBombers'), hits: faces, zones: z.array(z.enum(SEA_ZONES)).min(1) }),
  /** Forsterkninger: no action, only reinforcement symbols. */
  z.object({ kind: z.literal('none') }),
]);

export const cardTextsSchema = z.object({
  titleEn: z.string().min(1),
  /** One line per effect: empty for a card whose effect kind is "none". */
  effects: z.array(bilingualSchema),
  notes: z.array(bilingualSchema).default([]),
});

const PREFIX = { germany: 'de', norway: 'no', allies: 'al' } as const;

export const april9CardSchema = z
  .object({
    /** "a9.<de|no|al>.<title slug>". */
    id: z.string().regex(/^a9\.(de|no|al)\.[a-z0-9-]+$/),
    faction: z.enum(FACTIONS),
    /** The Norwegian title printed on the card. */
    title: z.string().min(1),
    /** Reinforcement symbols of each copy (orange on the card): its length is the number of copies. */
    copies: z.array(z.number().int().min(1).max(9)).min(1),
    phase: z.enum(APRIL9_PHASES),
    /** true: played as a reaction to something the enemy does (orange "stop" symbol). */
    reaction: z.boolean(),
    effect: april9EffectSchema,
    texts: cardTextsSchema,
  })
  .refine((c) => c.id.split('.')[1] === PREFIX[c.faction], { message: 'id prefix does not match faction' })
  .refine((c) => c.texts.effects.length === (c.effect.kind === 'none' ? 0 : 1), {
    message: 'texts.effects must have one line per effect',
  });

export const SHIP_TYPES = ['hangarskip', 'slagskip', 'tung-krysser', 'mindre-skip', 'norsk-panserskip', 'dummy'] as const;

/** The dice table and rules of one ship category (EN 6.1, 7.2, 8.2). */
export const shipTypeSchema = z.object({
  nameNo: z.string().min(1),
  nameEn: z.string().min(1),
  /** Faces that sink an enemy ship in naval combat (empty: never sinks). */
  sink: z.array(face),
  /** Faces that chase an enemy ship away (empty: never chases). */
  chase: z.array(face),
  /** Action cards the owner voids when this ship is sunk. */
  cardsVoided: z.number().int().min(0),
  /** Sea zones it may move per turn. */
  speed: z.number().int().min(0),
  /** Allied cards voided once when it goes raiding in the 9. April turn (0: may not raid). */
  raidVoids: z.number().int().min(0),
  /** Lies face up on the board at all times. */
  alwaysFaceUp: z.boolean(),
  /** May attempt interceptions outside the 9. April turn. */
  intercepts: z.boolean(),
  /** Removed (no combat) when intercepted. */
  removedWhenIntercepted: z.boolean(),
  /** Sunk instead of moved when chased. */
  sunkWhenChased: z.boolean(),
  /** Which factions have ships of this type. */
  factions: z.array(z.enum(FACTIONS)).min(1),
  text: bilingualSchema,
});

export const shipSchema = z
  .object({
    /** "ship.<de|no|al>.<slug>". */
    id: z.string().regex(/^ship\.(de|no|al)\.[a-z0-9-]+$/),
    faction: z.enum(FACTIONS),
    /** Name printed on the card. */
    name: z.string().min(1),
    type: z.enum(SHIP_TYPES),
    /** Which historical ships the card stands for (April 1940). */
    note: z.string().optional(),
  })
  .refine((s) => s.id.split('.')[1] === PREFIX[s.faction], { message: 'id prefix does not match faction' });

/** Numbers of the naval rules that belong to no single ship type (EN 6.1, 8.1). */
export const navalRulesSchema = z.object({
  /** Faces on which one interception die draws an enemy ship. */
  interceptHits: faces,
  /** When the Allied deck runs out: ships removed, and at most this many of the listed types. */
  alliedWithdrawal: z.object({ ships: z.number().int().positive(), atMost: z.partialRecord(z.enum(SHIP_TYPES), z.number().int().min(0)) }),
});

export const shipsFileSchema = z
  .object({
    naval: navalRulesSchema,
    types: z.record(z.enum(SHIP_TYPES), shipTypeSchema),
    ships: z.array(shipSchema),
  })
  .refine((f) => f.ships.every((s) => f.types[s.type].factions.includes(s.faction)), {
    message: 'a ship has a type its faction may not have',
  });

export type April9Effect = z.infer<typeof april9EffectSchema>;
export type April9Phase = (typeof APRIL9_PHASES)[number];
export type April9CardDef = z.infer<typeof april9CardSchema>;
export type ShipType = (typeof SHIP_TYPES)[number];
export type ShipTypeDef = z.infer<typeof shipTypeSchema>;
export type ShipDef = z.infer<typeof shipSchema>;
export type NavalRules = z.infer<typeof navalRulesSchema>;
