/**
 * The scenario folder (packages/game/scenarios) read from disk as the server reads it, for the
 * scripts and the tests: the game's own code does no I/O and takes the files' texts
 * (loadScenarioFiles).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadScenarioFiles } from '../src/scenarios/load.js';
import type { Scenario } from '../src/scenarios/schema.js';

export const SCENARIO_DIR = fileURLToPath(new URL('../scenarios/', import.meta.url));

/** Every scenario file's name and text. */
export function scenarioFiles(): { name: string; text: string }[] {
  return readdirSync(SCENARIO_DIR)
    .filter((n) => n.endsWith('.json'))
    .map((name) => ({ name, text: readFileSync(path.join(SCENARIO_DIR, name), 'utf8') }));
}

/** The scenarios the folder's files define (a file the loader refuses is left out, as on the server). */
export function readScenarios(): Scenario[] {
  return loadScenarioFiles(scenarioFiles()).scenarios;
}
