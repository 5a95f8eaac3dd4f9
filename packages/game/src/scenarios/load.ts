import { parseScenario, ScenarioError, type Scenario } from './schema.js';

export interface ScenarioFile {
  /** File name, for messages. */
  name: string;
  text: string;
}
export interface LoadedScenarios {
  scenarios: Scenario[];
  /** One message per refused file, naming the file and its bad fields. */
  refused: string[];
}

/** Names of lower-case letters, digits, '-' and '.' only: code-unit order is the collation's order. */
const PLAIN = /^[a-z0-9.-]*$/;

/**
 * The files in localeCompare's order. Plain names (all of ours) are compared without it: a server's
 * first localeCompare loads the collator's data, MBs of resident memory for an idle server.
 */
function byName(a: string, b: string): number {
  if (PLAIN.test(a) && PLAIN.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  return a.localeCompare(b);
}

/**
 * Validate scenario files read by the caller (the server reads the folder; the engine does no I/O).
 * A bad file is refused on its own; the others still load. Two files with one id: the second is refused.
 */
export function loadScenarioFiles(files: readonly ScenarioFile[]): LoadedScenarios {
  const scenarios: Scenario[] = [];
  const refused: string[] = [];
  for (const file of [...files].sort((a, b) => byName(a.name, b.name))) {
    try {
      let raw: unknown;
      try {
        raw = JSON.parse(file.text);
      } catch (e) {
        throw new ScenarioError(`${file.name} refused — not JSON: ${(e as Error).message}`);
      }
      const s = parseScenario(raw, file.name);
      if (scenarios.some((x) => x.id === s.id)) throw new ScenarioError(`${file.name} refused — id: "${s.id}" is already used`);
      scenarios.push(s);
    } catch (e) {
      if (!(e instanceof ScenarioError)) throw e;
      refused.push(e.message);
    }
  }
  return { scenarios, refused };
}
