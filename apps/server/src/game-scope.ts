/**
 * Automatic passes were written for the default game (Kampen om Norge): they read its engine (when
 * passing is all a side can do). Computer players, clocks and "your move" messages ask each match's
 * game module instead (match-games.ts); automatic passing stays Kampen om Norge's, since the other
 * games have no such windows (Deres uenighet's orders are always a decision). It is handed a view of
 * the transport that shows it only that game's matches: moves of other games' matches never reach
 * it, and other games' states read as absent.
 */
import type { GameModule } from '@kon/platform';
import type { HardenedTransport, MoveListener } from './transport';

export function firstGameOnly(
  transport: HardenedTransport,
  defaultGame: string,
  /** The game of a match (MatchGames.of: looked up once and kept). */
  gameOf: (matchID: string) => Promise<GameModule>,
): HardenedTransport {
  const ours = async (matchID: string) => (await gameOf(matchID)).id === defaultGame;
  return new Proxy(transport, {
    get(target, prop, receiver) {
      if (prop === 'onMoveCommitted')
        return (listener: MoveListener) => target.onMoveCommitted((e) => (e.gameName === defaultGame ? listener(e) : undefined));
      if (prop === 'currentState') return async (matchID: string) => ((await ours(matchID)) ? target.currentState(matchID) : undefined);
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
