/** What the pages read of the ratings: a leaderboard, a player's profile, and a match's forecast. */
import { bool, num, type SideSql } from './sql';
import { chances, NEW_SKILL, type RatingRules, shown, type Skill, teamsOf, variantOf, keyOf } from './model';
import type { RatingService } from './service';
import type { SqlStorage } from '../storage';
import type { LobbyRecord } from '../lobby/model';
import { readIntent } from './intent';

const round1 = (x: number) => Math.round(x * 10) / 10;

export interface LeaderboardRow {
  accountId: string;
  rating: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

/** Accounts with at least the rules' number of rated games in this rating, best first. */
export async function leaderboard(
  sql: SideSql,
  rules: RatingRules,
  game: string,
  variant: string,
  side: string,
  limit = 100,
): Promise<LeaderboardRow[]> {
  const rows = await sql.query<Record<string, unknown>>(
    'SELECT account_id, mu, sigma, games, wins, losses, draws FROM kon_ratings WHERE game = $1 AND variant = $2 AND side = $3 AND games >= $4',
    [game, variant, side, rules.leaderboardMinGames],
  );
  return rows
    .map((r) => ({
      accountId: String(r.account_id),
      rating: round1(shown({ mu: num(r.mu), sigma: num(r.sigma) })),
      exact: shown({ mu: num(r.mu), sigma: num(r.sigma) }),
      games: num(r.games),
      wins: num(r.wins),
      losses: num(r.losses),
      draws: num(r.draws),
    }))
    .sort((a, b) => b.exact - a.exact || (a.accountId < b.accountId ? -1 : 1))
    .slice(0, limit)
    .map(({ exact: _e, ...r }) => r);
}

export interface Profile {
  accountId: string;
  ratings: { game: string; variant: string; side: string; rating: number; games: number; wins: number; losses: number; draws: number }[];
  /** Every judged game (rated or not) by game and side. */
  played: { game: string; side: string; games: number; wins: number; losses: number; draws: number }[];
  reliability: { finished: number; timeout: number; left: number; share: number };
  recent: {
    matchID: string;
    game: string;
    variant: string;
    side: string;
    outcome: string;
    ending: string;
    rated: boolean;
    finishedAt: number;
    ratingAfter: number | null;
  }[];
}

export async function profile(ratings: RatingService, accountId: string, recentLimit = 20): Promise<Profile> {
  const sql = ratings.sqlHandle;
  const rows = await sql.query<Record<string, unknown>>(
    'SELECT game, variant, side, mu, sigma, games, wins, losses, draws FROM kon_ratings WHERE account_id = $1 ORDER BY game, variant, side',
    [accountId],
  );
  const played = await sql.query<Record<string, unknown>>(
    `SELECT game, side, count(*) AS games, sum(CASE WHEN outcome = 'win' THEN 1 ELSE 0 END) AS wins,
            sum(CASE WHEN outcome = 'loss' THEN 1 ELSE 0 END) AS losses, sum(CASE WHEN outcome = 'draw' THEN 1 ELSE 0 END) AS draws
       FROM kon_match_players WHERE account_id = $1 GROUP BY game, side ORDER BY game, side`,
    [accountId],
  );
  const recent = await sql.query<Record<string, unknown>>(
    `SELECT match_id, game, variant, side, outcome, ending, rated, finished_at, mu_after, sigma_after
       FROM kon_match_players WHERE account_id = $1 ORDER BY finished_at DESC, match_id LIMIT $2`,
    [accountId, recentLimit],
  );
  return {
    accountId,
    ratings: rows.map((r) => ({
      game: String(r.game),
      variant: String(r.variant),
      side: String(r.side),
      rating: round1(shown({ mu: num(r.mu), sigma: num(r.sigma) })),
      games: num(r.games),
      wins: num(r.wins),
      losses: num(r.losses),
      draws: num(r.draws),
    })),
    played: played.map((r) => ({
      game: String(r.game),
      side: String(r.side),
      games: num(r.games),
      wins: num(r.wins),
      losses: num(r.losses),
      draws: num(r.draws),
    })),
    reliability: (await ratings.reliability([accountId])).get(accountId)!,
    recent: recent.map((r) => ({
      matchID: String(r.match_id),
      game: String(r.game),
      variant: String(r.variant),
      side: String(r.side),
      outcome: String(r.outcome),
      ending: String(r.ending),
      rated: bool(r.rated),
      finishedAt: num(r.finished_at),
      ratingAfter:
        r.mu_after === null || r.mu_after === undefined ? null : round1(shown({ mu: num(r.mu_after), sigma: num(r.sigma_after) })),
    })),
  };
}

/** Each side's predicted chance of winning a match of these seats (accounts by seat; a seat without one plays at a new player's skill). */
export async function forecast(
  ratings: RatingService,
  game: string,
  setupData: unknown,
  seats: readonly { seat: string; playerIDs: readonly string[]; accountId: string | undefined }[],
): Promise<{ seat: string; playerIDs: string[]; accountId: string | null; rating: number; chance: number }[]> {
  const variant = variantOf(game, setupData);
  const accounts = seats.flatMap((s) => (s.accountId ? [s.accountId] : []));
  const skills = await ratings.skills(accounts, game, variant);
  const skillOf = (s: (typeof seats)[number]): Skill => {
    const k = keyOf(game, setupData, s.seat);
    const r = s.accountId ? skills.get(s.accountId)?.get(k.side) : undefined;
    return r ? { mu: r.mu, sigma: r.sigma } : NEW_SKILL;
  };
  const teams = teamsOf(game, seats);
  const p = chances(teams.map((t) => t.map((seat) => skillOf(seats.find((s) => s.seat === seat)!))));
  return seats.map((s) => {
    const ti = teams.findIndex((t) => t.includes(s.seat));
    return {
      seat: s.seat,
      playerIDs: [...s.playerIDs],
      accountId: s.accountId ?? null,
      rating: round1(shown(skillOf(s))),
      chance: p[ti] ?? 0,
    };
  });
}

/**
 * A stored match's forecast: whether it is to be rated (chosen so, a distinct account on every seat, no
 * computer seat from the start) and each seat's chance of winning. Undefined for an unknown match.
 */
export async function matchForecast(ratings: RatingService, storage: SqlStorage, matchID: string) {
  const row = await storage.fetchLobby(matchID);
  if (!row?.lobby) return undefined;
  const lobby = row.lobby as LobbyRecord;
  const intent = await readIntent(storage, matchID);
  const seats = lobby.seats.map((s) => ({
    seat: s.key,
    playerIDs: s.playerIDs,
    accountId: intent?.seats[s.key] ?? (s as { accountId?: string }).accountId,
  }));
  const distinct = seats.every((s) => s.accountId) && new Set(seats.map((s) => s.accountId)).size === seats.length;
  return {
    rated: !!intent?.rated && distinct && !Object.values(lobby.bots ?? {}).some((b) => b?.reason === 'created'),
    seats: await forecast(ratings, row.metadata.gameName, row.metadata.setupData, seats),
  };
}
