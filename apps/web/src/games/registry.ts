/**
 * The games this client can show besides Kampen om Norge (whose page is MatchPage): per game id, its
 * module (@kon/platform) and, when it has one, its own board. Each is a dynamic import, so each game
 * is a chunk of its own that only a match of that game fetches. A game the server hosts but this
 * client does not know opens a page with its seats and messages and no board.
 */
import type { ComponentType } from 'react';
import type { GameModule } from '@kon/platform';

export interface BoardProps {
  G: any;
  ctx: any;
  playerID: string | null;
  /** Makes a move as this seat (does nothing for a spectator). */
  move: (name: string, ...args: unknown[]) => void;
  module: GameModule;
}

export interface WebGame {
  module: GameModule;
  /** The game's own board; without one the page lists the seat's legal moves as buttons. */
  Board?: ComponentType<BoardProps>;
}

export const WEB_GAMES: Record<string, () => Promise<WebGame>> = {
  'deres-uenighet': () => import('./deres/index').then((m) => m.deresWeb),
};
