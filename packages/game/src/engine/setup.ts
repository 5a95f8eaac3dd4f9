import { z } from 'zod';
import { FACTIONS, type Faction } from '../types.js';
import { deckOf, HAND_SIZE } from '../cards/index.js';
import { isArea } from '../board/index.js';
import basicSetup from '../setups/basic.json';
import type { GameState } from './model/state.js';
import { RULESETS } from './model/rulesets.js';
import type { Rng } from './kernel/rng.js';
import { addUnits } from './kernel/forces.js';
import { startApril9 } from './april9/setup.js';
import { rulesOf, scenarioSchema, type Scenario } from '../scenarios/schema.js';
import { scenarioDeck } from '../scenarios/decks.js';

/**
 * What a match is created with. `scenario` is a whole validated scenario (the server reads the files
 * and passes the chosen one in); without it the game is the full game of `ruleset`.
 */
export const setupDataSchema = z.object({ ruleset: z.enum(RULESETS).default('basic'), scenario: scenarioSchema.optional() }).strict();
export type SetupData = z.input<typeof setupDataSchema>;

const setupFileSchema = z.object({
  units: z.record(z.enum(FACTIONS), z.record(z.string().refine(isArea, 'unknown area'), z.number().int().positive())),
  alliedLanding: z.object({ stacks: z.number().int(), perStack: z.number().int() }),
});
const BASIC_SETUP = setupFileSchema.parse(basicSetup);
export const ALLIED_LANDING = BASIC_SETUP.alliedLanding;

const perFaction = <T>(make: (f: Faction) => T): Record<Faction, T> => ({
  germany: make('germany'),
  norway: make('norway'),
  allies: make('allies'),
});

export function createInitialState(data: SetupData | undefined, rng: Rng): GameState {
  const parsed = setupDataSchema.parse(data ?? {});
  const scenario: Scenario | undefined = parsed.scenario;
  // A scenario says which rules it builds on.
  const ruleset = scenario?.ruleset ?? parsed.ruleset;
  const G: GameState = {
    ruleset,
    round: 1,
    turn: 'germany',
    phase: 'movement',
    units: {},
    moved: {},
    attacks: [],
    attackedFrom: [],
    combat: null,
    lastCombat: null,
    prompts: [],
    invasion: false,
    reinforcements: { symbols: 0, free: 0, placed: 0, airSlots: 0, areas: [] },
    hands: perFaction(() => []),
    decks: perFaction((f) => ({ draw: rng.shuffle(scenario ? scenarioDeck(scenario, f) : deckOf(f)), used: [] })),
    cardsUsed: perFaction(() => 0),
    alliesLanded: false,
    alliesDeckSpent: false,
    created: perFaction(() => 0),
    destroyed: perFaction(() => 0),
    log: [],
    logBase: 0,
    result: null,
    ships: [],
    shipReserve: perFaction(() => []),
    shipsGone: { sunk: [], removed: [] },
  };
  // The advanced game has no set-up: it opens with the 9. April turn (EN 7), hands dealt at its end.
  if (ruleset === 'advanced') {
    startApril9(G, rng);
    return G;
  }
  if (scenario) {
    G.scenario = rulesOf(scenario);
    G.turn = scenario.firstTurn;
    // Without the landing rule the Allies start on the board (or not at all): no landing is due.
    G.alliesLanded = !scenario.alliedLanding;
  }
  const setup = scenario ?? BASIC_SETUP;
  for (const f of FACTIONS) {
    for (const [area, n] of Object.entries(setup.units[f] ?? {})) {
      addUnits(G, area, f, n, false);
      G.created[f] += n;
    }
    G.hands[f] = G.decks[f].draw.splice(0, HAND_SIZE[f]);
  }
  return G;
}
