import { z } from 'zod';
import { FACTIONS, type Faction } from '../types.js';
import { isArea, victoryCities } from '../board/index.js';
import { ACTION_CARDS } from '../cards/index.js';
import { RULESETS } from '../engine/model/rulesets.js';

/**
 * A scenario as data (one JSON file per scenario, packages/game/scenarios/). Everything a scenario
 * changes about the game is a field here; the engine reads the rules part (ScenarioRules) from the
 * state, so adding a scenario is adding a file.
 */
const text = z.object({ no: z.string().min(1), en: z.string().min(1) }).strict();
const areaId = z.string().refine(isArea, { message: 'unknown area' });
const perFaction = <T extends z.ZodType>(t: T) => z.object({ germany: t, norway: t, allies: t }).strict();

/** What happens when a faction draws the last face-down card of its deck. */
export const DECK_OUTS = [
  /** The game ends at once and is scored (Germany in the full game, the Allies in Scenario 1). */
  'endsGame',
  /** The used cards are shuffled into a new deck (Norway in the full game). */
  'reshuffle',
  /** No more cards, and the Allies withdraw battalions (the Allies in the full game, EN 2.4). */
  'alliedWithdrawal',
  /** No more cards; nothing else happens (Scenario 1's "ingen flere nye kort"). */
  'noMoreCards',
] as const;
export type DeckOut = (typeof DECK_OUTS)[number];

export const victorySchema = z.discriminatedUnion('kind', [
  /** The full game: Germany's victory cities are counted (EN 1.3). */
  z.object({ kind: z.literal('victoryCities') }).strict(),
  /** Norway and the Allies win only if they hold every one of these areas when the game ends. */
  z.object({ kind: z.literal('alliedHoldAll'), areas: z.array(areaId).min(1) }).strict(),
]);
export type ScenarioVictory = z.infer<typeof victorySchema>;

export const scenarioSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'lower-case letters, digits and dashes'),
    /** Shown in the lobby and on the board. */
    name: text,
    /** One line for the match creation page. */
    summary: text,
    /** The scenario sheet shown in the game (plain text, paragraphs separated by blank lines). */
    sheet: text,
    /** How the win condition reads in the banner and on the result screen. */
    goal: text,
    ruleset: z.enum(RULESETS),
    /** Land areas in play, or "all". Nothing moves, retreats or is placed outside it. */
    region: z.union([z.literal('all'), z.array(areaId).min(2)]),
    /** Starting battalions per faction and area. */
    units: perFaction(z.record(z.string(), z.number().int().positive())),
    /** Each deck: "full" (the whole catalogue deck) or the exact count of each card title. */
    decks: perFaction(z.union([z.literal('full'), z.record(z.string(), z.number().int().positive())])),
    deckOut: perFaction(z.enum(DECK_OUTS)),
    /** Reinforcement phase with card symbols, Germany's free battalion and Norway's mobilisation. */
    reinforcements: z.boolean(),
    /** The Allies' first six battalions come ashore in their first reinforcement phase (EN 3). */
    alliedLanding: z.boolean(),
    firstTurn: z.enum(FACTIONS),
    victory: victorySchema,
  })
  .strict()
  .superRefine((s, ctx) => {
    const region = s.region === 'all' ? null : new Set(s.region);
    const outside = (a: string) => region !== null && !region.has(a);
    for (const f of FACTIONS) {
      for (const a of Object.keys(s.units[f])) {
        if (!isArea(a)) ctx.addIssue({ code: 'custom', path: ['units', f, a], message: 'unknown area' });
        else if (outside(a)) ctx.addIssue({ code: 'custom', path: ['units', f, a], message: 'area outside the region in play' });
      }
      const deck = s.decks[f];
      if (deck === 'full') continue;
      for (const [id, n] of Object.entries(deck)) {
        const def = ACTION_CARDS.find((c) => c.id === id);
        if (!def) ctx.addIssue({ code: 'custom', path: ['decks', f, id], message: 'unknown card' });
        else if (def.faction !== f) ctx.addIssue({ code: 'custom', path: ['decks', f, id], message: `a card of ${def.faction}, not ${f}` });
        else if (n > def.copies.length)
          ctx.addIssue({ code: 'custom', path: ['decks', f, id], message: `the box has only ${def.copies.length}` });
      }
    }
    if (s.victory.kind === 'alliedHoldAll')
      s.victory.areas.forEach((a, i) => {
        if (outside(a)) ctx.addIssue({ code: 'custom', path: ['victory', 'areas', i], message: 'area outside the region in play' });
      });
    if (s.victory.kind === 'victoryCities' && region && victoryCities().some(outside))
      ctx.addIssue({ code: 'custom', path: ['victory'], message: 'victory cities need the whole board' });
    if (!FACTIONS.some((f) => s.deckOut[f] === 'endsGame'))
      ctx.addIssue({ code: 'custom', path: ['deckOut'], message: 'one deck must end the game' });
    if (s.ruleset !== 'basic' && region)
      ctx.addIssue({ code: 'custom', path: ['ruleset'], message: 'scenarios on part of the board build on the basic rules' });
  });
export type Scenario = z.infer<typeof scenarioSchema>;

/** The part of a scenario the engine consults during play; kept in the state (public). */
export interface ScenarioRules {
  id: string;
  /** Areas in play, or null for the whole board. */
  region: string[] | null;
  deckOut: Record<Faction, DeckOut>;
  reinforcements: boolean;
  firstTurn: Faction;
  victory: ScenarioVictory;
}

export function rulesOf(s: Scenario): ScenarioRules {
  return {
    id: s.id,
    region: s.region === 'all' ? null : [...s.region],
    deckOut: { ...s.deckOut },
    reinforcements: s.reinforcements,
    firstTurn: s.firstTurn,
    victory: s.victory,
  };
}

/** A refused scenario file: the first few problems, each naming its field. */
export class ScenarioError extends Error {}

/** Validate a parsed scenario file; the error names each bad field ("decks.allies.al.invasjon: …"). */
export function parseScenario(raw: unknown, source = 'scenario'): Scenario {
  const r = scenarioSchema.safeParse(raw);
  if (r.success) return r.data;
  const problems = r.error.issues.slice(0, 5).map((i) => `${i.path.length ? i.path.join('.') : '(file)'}: ${i.message}`);
  throw new ScenarioError(`${source} refused — ${problems.join('; ')}`);
}
