import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../core/log';

/** What the server needs of a scenario (the game package's Scenario, kept structural here). */
export interface ScenarioDef {
  id: string;
  ruleset: string;
  name: { no: string; en: string };
  summary: { no: string; en: string };
  goal: { no: string; en: string };
  sheet: { no: string; en: string };
  region: string[] | 'all';
}
export type ScenarioLoader = (files: { name: string; text: string }[]) => { scenarios: ScenarioDef[]; refused: string[] };

/**
 * Read every *.json in the scenario folder and keep the valid ones. A bad file is logged with the
 * field it fails on and left out: the server starts with the others (a missing folder = no scenarios).
 */
export function readScenarioDir(dir: string, load: ScenarioLoader, log: Logger): ScenarioDef[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch (e) {
    log.warn('no scenario folder', { dir, error: (e as Error).message });
    return [];
  }
  const { scenarios, refused } = load(names.map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') })));
  for (const message of refused) log.error('scenario refused', { dir, message });
  log.info('scenarios loaded', { ids: scenarios.map((s) => s.id) });
  return scenarios;
}

/** The public description of a scenario for the lobby and the in-game sheet. */
export function scenarioSummary(s: ScenarioDef) {
  return { id: s.id, ruleset: s.ruleset, name: s.name, summary: s.summary, goal: s.goal, sheet: s.sheet, region: s.region };
}
