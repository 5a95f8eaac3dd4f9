/**
 * The ratings and the match maker as one step of the server's start: their own tables (through a
 * connection of their own), one entry in the services' list that judges a match when its last move
 * is stored and marks the seats the computer takes over, and the catch-up of matches that ended
 * while no process could hear it.
 */
import type { Config } from '../core/config';
import type { Lobby } from '../lobby/lobby';
import type { Logger } from '../core/log';
import type { MatchService } from '../matches/match-services';
import { Matchmaker, type SeatBinder } from '../matchmaker/service';
import type { NamesOf } from '../matchmaker/routes';
import type { SqlStorage } from '../storage';
import { markComputerSeats } from './intent';
import type { RatingRules } from './model';
import { RatingService } from './service';
import { openSideSql } from './sql';

/** How often expired tickets are swept. */
const TICKET_SWEEP_MS = 60_000;

/** Test hooks (part of StartOptions). */
export interface RatingOptions {
  /** Hands each seat of a matched match to its account (default: the accounts' bindSeat). */
  seatBinder?: SeatBinder;
  /** Display names for leaderboards and profiles (default: the accounts' names). */
  namesOf?: NamesOf;
  /** When a match counts and who is listed (default: ratings/rules.json). */
  ratingRules?: RatingRules;
}

export interface RatingLayer {
  ratings: RatingService;
  matchmaker: Matchmaker;
  /** Hears of stored moves and roster changes: one entry of the services' list. */
  service: MatchService;
  /** Judges the finished matches no process judged (after the server listens). */
  start(): void;
  /** Forgets an account: its tickets and blocks go, its ratings and results keep an anonymous id. */
  forgetAccount(accountId: string): Promise<void>;
  close(): Promise<void>;
}

export async function startRatings(
  config: Config,
  { storage, lobby, log }: { storage: SqlStorage; lobby: Lobby; log: Logger },
  opts: RatingOptions,
): Promise<RatingLayer> {
  const sql = openSideSql(config);
  const ratings = new RatingService(sql, storage, log.child({ component: 'ratings' }), opts.ratingRules);
  const matchmaker = new Matchmaker({
    sql,
    storage,
    lobby,
    ratings,
    log: log.child({ component: 'matchmaker' }),
    ...(opts.seatBinder ? { binder: opts.seatBinder } : {}),
  });
  try {
    await ratings.init();
    await matchmaker.init();
  } catch (e) {
    await sql.close().catch(() => {});
    throw e;
  }
  const service: MatchService = {
    name: 'ratings',
    // The move that ended a match: judged once, whichever process hears it (kon_rated_matches).
    moveStored: (e) => {
      if (e.state.ctx.gameover === undefined) return;
      ratings.finished(e.matchID).catch((err: unknown) => log.error('rating a match failed', { matchID: e.matchID, err }));
    },
    // A seat the computer takes over in a rated match counts as lost (ratings/intent.ts).
    rosterChanged: (matchID, row) => {
      markComputerSeats(storage, matchID, row).catch((err: unknown) => log.error('computer seat mark failed', { matchID, err }));
    },
  };
  let sweeper: NodeJS.Timeout | undefined;
  return {
    ratings,
    matchmaker,
    service,
    start: () => {
      ratings.catchUp().catch((err: unknown) => log.error('rating catch-up failed', { err }));
      // Tickets past their pace's window are written expired and their players told (matchmaker.onExpired).
      const sweep = () => {
        sweeper = setTimeout(() => {
          matchmaker
            .sweepExpired()
            .catch((err: unknown) => log.warn('ticket sweep failed', { err }))
            .finally(() => sweeper && sweep());
        }, TICKET_SWEEP_MS);
        sweeper.unref();
      };
      sweep();
    },
    forgetAccount: async (accountId) => {
      await matchmaker.forgetAccount(accountId);
      await ratings.forgetAccount(accountId);
    },
    close: () => {
      clearTimeout(sweeper);
      sweeper = undefined;
      return sql.close();
    },
  };
}
