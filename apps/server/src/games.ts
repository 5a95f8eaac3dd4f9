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
  const kon = (await import('@kon/game')) as unknown as { kampenOmNorgeModule: GameModule; loadScenarioFiles: ScenarioLoader };
  if (!kon.kampenOmNorgeModule) throw new Error('@kon/game does not export kampenOmNorgeModule');
  return { registry: new GameRegistry([kon.kampenOmNorgeModule]), loadScenarioFiles: kon.loadScenarioFiles };
}
