/**
 * Which game each match is of, for the services that ask a match's game module (computer players,
 * clocks, "your move" messages): read once from the stored match and kept, since a match's game never
 * changes. A match stored before there were several games (no game name) is the default game's.
 */
import type { GameModule, GameRegistry } from '@kon/platform';
import { BoundedMap } from '../core/bounded-map';

export class MatchGames {
  private readonly known = new BoundedMap<string, GameModule>(20_000);

  constructor(
    readonly registry: GameRegistry,
    /** The stored gameName of a match (undefined: unknown match, or one stored before there were several games). */
    private readonly gameNameOf: (matchID: string) => Promise<string | undefined>,
  ) {}

  /** The game of a match whose game name is at hand (a committed move names it). */
  named(matchID: string, gameName: string | undefined): GameModule {
    const m = this.registry.of(gameName);
    this.known.set(matchID, m);
    return m;
  }

  async of(matchID: string): Promise<GameModule> {
    const kept = this.known.get(matchID);
    if (kept) return kept;
    return this.named(matchID, await this.gameNameOf(matchID));
  }
}
