/** The shapes a game's page and board take (below the pages and the registry that use them). */
import type { ComponentType, ReactNode } from 'react';
import type { Ctx } from 'boardgame.io';
import type { GameModule } from '@kon/platform';

export interface GamePageProps {
  matchID: string;
  spectator: boolean;
  navigate: (to: string) => void;
}

/** A game's board, given the state as this seat sees it: `View` is the game's view (its module's `view()`). */
export interface BoardProps<View = unknown> {
  G: View;
  /** boardgame.io's ctx (a board drawn outside a match, as in the tests, has none). */
  ctx?: Ctx | undefined;
  playerID: string | null;
  /** Makes a move as this seat (does nothing for a spectator). */
  move: (name: string, ...args: unknown[]) => void;
  module: GameModule<any, View>;
  /** The match and this browser's token for it (seat or spectator), for looking back at the board. */
  matchID?: string;
  token?: string | undefined;
  /** What the page offers once the game is over (the rematch, for a member); the board shows it by its result. */
  afterGame?: ReactNode;
}

/** A game in the web client; `View` types the state its board is given (e.g. `WebGame<DeresView>`). */
export interface WebGame<View = unknown> {
  module: GameModule<any, View>;
  /** The game's own board; without one the page lists the seat's legal moves as buttons. */
  Board?: ComponentType<BoardProps<View>>;
  /**
   * The game's own whole match page, in place of the platform's module page (games/ModuleMatchPage,
   * which shows `Board`): Kampen om Norge's, whose seats, clocks and help are its own.
   */
  Page?: ComponentType<GamePageProps>;
}
