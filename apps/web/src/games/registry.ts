/**
 * The games this client can show besides Kampen om Norge (whose page is MatchPage): per game id, its
 * module (@kon/platform) and, when it has one, its own board. Each is a dynamic import, so each game
 * is a chunk of its own that only a match of that game fetches. A game the server hosts but this
 * client does not know opens a page with its seats and messages and no board.
 */
import type { WebGame } from './types';

export const WEB_GAMES: Record<string, () => Promise<WebGame>> = {
  'deres-uenighet': () => import('./deres/index').then((m) => m.deresWeb),
};
