import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadScenarioFiles } from '../src/scenarios/load.js';
import type { Scenario } from '../src/scenarios/schema.js';

/** The scenario folder as the server reads it. */
export const SCENARIO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'scenarios');

export function scenarioFiles() {
  return readdirSync(SCENARIO_DIR)
    .filter((n) => n.endsWith('.json'))
    .map((name) => ({ name, text: readFileSync(path.join(SCENARIO_DIR, name), 'utf8') }));
}

export function scenario(id: string): Scenario {
  const { scenarios, refused } = loadScenarioFiles(scenarioFiles());
  if (refused.length) throw new Error(refused.join('\n'));
  const s = scenarios.find((x) => x.id === id);
  if (!s) throw new Error(`no scenario ${id}`);
  return s;
}
