import { loadScenarioFiles } from '../src/scenarios/load.js';
import type { Scenario } from '../src/scenarios/schema.js';
import { scenarioFiles } from '../scripts/scenario-files.js';

export { SCENARIO_DIR, scenarioFiles } from '../scripts/scenario-files.js';

export function scenario(id: string): Scenario {
  const { scenarios, refused } = loadScenarioFiles(scenarioFiles());
  if (refused.length) throw new Error(refused.join('\n'));
  const s = scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`no scenario ${id}`);
  return s;
}
