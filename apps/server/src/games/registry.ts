/**
 * The games this server hosts: every game package (a workspace whose package.json has `konGame`).
 * Everything else reaches a game through its module (@kon/platform's GameModule), found by the
 * match's stored `gameName`. The default game comes first: what a request that names no game gets,
 * and what a match stored without a name is.
 */
import { GameRegistry, type GameModule } from '@kon/platform';
import type { Lesson } from '@kon/platform/lessons';
import { importGames } from './imports';
import type { ScenarioLoader } from '../lobby/scenarios';

export interface ServerGames {
  registry: GameRegistry;
  /** Validates the default game's scenario files; without it the server offers no scenarios. */
  loadScenarioFiles?: ScenarioLoader;
  /** Every game's lessons (docs/lessons.md), exported as `lessons` beside its module. */
  lessons?: readonly Lesson[];
}

const isModule = (m: unknown): m is GameModule =>
  typeof m === 'object' && m !== null && typeof (m as GameModule).id === 'string' && typeof (m as GameModule).game === 'object';

export async function loadGames(): Promise<ServerGames> {
  const games = await importGames();
  if (games.length === 0) throw new Error('no game package found (a workspace whose package.json has "konGame")');
  const modules = games.map((g) => {
    const m = g.exports[g.marker.export];
    if (!isModule(m)) throw new Error(`${g.dir}: ${g.marker.entry} does not export a game module named ${g.marker.export}`);
    return m;
  });
  // A game with scenario files exports their loader from its entry beside its module (Kampen om Norge).
  const loadScenarioFiles = games[0]!.exports.loadScenarioFiles as ScenarioLoader | undefined;
  const lessons = games.flatMap((g) => (g.exports.lessons as readonly Lesson[] | undefined) ?? []);
  return { registry: new GameRegistry(modules), lessons, ...(loadScenarioFiles ? { loadScenarioFiles } : {}) };
}
