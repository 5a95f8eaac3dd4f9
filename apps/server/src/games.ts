/**
 * The games this server hosts: the one place that names them. Everything else reaches a game through
 * its module (@kon/platform's GameModule), found by the match's stored `gameName`. The first is the
 * default: what a request that names no game gets, and what a match stored without a name is.
 */
import { GameRegistry, type GameModule } from '@kon/platform';
import type { ScenarioLoader } from './scenarios';

export interface ServerGames {
  registry: GameRegistry;
  /** Validates the default game's scenario files; without it the server offers no scenarios. */
  loadScenarioFiles?: ScenarioLoader;
}

export async function loadGames(): Promise<ServerGames> {
  const [kon, deres] = await Promise.all([
    import('@kon/game') as Promise<unknown> as Promise<{ kampenOmNorgeModule: GameModule; loadScenarioFiles: ScenarioLoader }>,
    import('@kon/deres/module') as Promise<unknown> as Promise<{ deresModule: GameModule }>,
  ]);
  if (!kon.kampenOmNorgeModule) throw new Error('@kon/game does not export kampenOmNorgeModule');
  if (!deres.deresModule) throw new Error('@kon/deres/module does not export deresModule');
  return { registry: new GameRegistry([kon.kampenOmNorgeModule, deres.deresModule]), loadScenarioFiles: kon.loadScenarioFiles };
}
