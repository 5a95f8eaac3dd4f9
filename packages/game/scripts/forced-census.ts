/**
 * How many of a seat's decisions are forced passes (its only legal action is to pass, end the phase
 * or answer "nothing": engine/forced.ts), counted over Easy-bot games, by ruleset and by the stage of
 * the window. The server takes these for a person's seat (apps/server/src/autopass); this measures
 * how many clicks that saves. Run: npx tsx packages/game/scripts/forced-census.ts [games]
 */
import { FACTIONS, type Faction } from '../src/types.js';
import type { GameState } from '../src/engine/model/state.js';
import { createInitialState } from '../src/engine/setup.js';
import { actor } from '../src/engine/flow.js';
import { legalActions } from '../src/engine/legal.js';
import { perform } from '../src/engine/actions.js';
import { viewFor } from '../src/engine/view.js';
import { onlyPass } from '../src/engine/forced.js';
import { BOTS } from '../src/bots/index.js';
import { seededRng } from '../src/testing/rng.js';
import { readScenarios } from './scenario-files.js';

const games = Number(process.argv[2] ?? 20);
const scenarios = readScenarios();

type Tally = { decisions: number; forced: number; byStage: Map<string, number> };
const setups: { name: string; setup: () => Parameters<typeof createInitialState>[0] }[] = [
  { name: 'basic', setup: () => ({ ruleset: 'basic' }) },
  { name: 'advanced', setup: () => ({ ruleset: 'advanced' }) },
  ...scenarios.map((s) => ({ name: s.id, setup: () => ({ ruleset: s.ruleset, scenario: s }) as never })),
];

for (const { name, setup } of setups) {
  const tally = Object.fromEntries(FACTIONS.map((f) => [f, { decisions: 0, forced: 0, byStage: new Map() }])) as Record<Faction, Tally>;
  for (let seed = 1; seed <= games; seed++) {
    const dice = seededRng(seed);
    const botRng = seededRng(seed * 31 + 7);
    const G: GameState = createInitialState(setup(), dice);
    for (let n = 0; !G.result && n < 20_000; n++) {
      const a = actor(G)!;
      const t = tally[a.faction];
      t.decisions++;
      const forced = onlyPass(G, a.faction);
      if (forced) {
        t.forced++;
        const key = `${a.stage} → ${forced.type}`;
        t.byStage.set(key, (t.byStage.get(key) ?? 0) + 1);
      }
      const view = viewFor(G, a.faction);
      const pick = forced ?? BOTS.easy({ view, legal: legalActions(view as unknown as GameState, a.faction), rng: botRng });
      perform(G, a.faction, pick, dice);
    }
  }
  console.log(`\n${name} (${games} Easy games)`);
  for (const f of FACTIONS) {
    const t = tally[f];
    console.log(
      `  ${f}: ${t.forced} of ${t.decisions} decisions forced (${((100 * t.forced) / Math.max(1, t.decisions)).toFixed(1)} %), per game ${(t.forced / games).toFixed(1)} of ${(t.decisions / games).toFixed(1)}`,
    );
    for (const [k, v] of [...t.byStage].sort((x, y) => y[1] - x[1])) console.log(`      ${k}: ${v}`);
  }
}
