/**
 * The ratings: each finished match judged once (rated or not) and, when rated, its accounts' skills
 * moved by openskill, in the same transaction as the once-only marker (kon_rated_matches, keyed by
 * match). `rebuild` throws every number away and judges all stored finished matches again in the
 * order they finished: the same numbers come out.
 */
import type { SqlStorage } from '../storage';
import type { Logger } from '../core/log';
import { randomBytes } from 'node:crypto';
import { finishedMatch } from './facts';
import { renameInIntents } from './intent';
import {
  type FinishedMatch,
  type Judgement,
  judge,
  NEW_SKILL,
  RATING_RULES,
  type RatingKey,
  type RatingRules,
  rateSeats,
  type Skill,
  teamsOf,
} from './model';
import { num, type Query, type SideSql } from './sql';
import { createRatingTables } from './tables';

const keyText = (k: RatingKey) => `${k.game}\u0000${k.variant}\u0000${k.side}`;
type RatingRow = { mu: number; sigma: number; games: number; wins: number; losses: number; draws: number };
/** A kon_ratings row's skill and counts, as numbers (PostgreSQL may give them as strings). */
const ratingRow = (r: Record<string, unknown>): RatingRow => ({
  mu: num(r.mu),
  sigma: num(r.sigma),
  games: num(r.games),
  wins: num(r.wins),
  losses: num(r.losses),
  draws: num(r.draws),
});

/** How one judged match changes the skills it touches, by part (partOf): pure, so the rebuild and a single match share it. */
export function ratingsAfter(m: FinishedMatch, j: Judgement, skills: ReadonlyMap<string, Skill>): Map<string, Skill> {
  if (!j.rated) return new Map();
  const bySeat = new Map(j.seats.map((s) => [s.seat, s]));
  // A team is its camp's seats' accounts: a seat commanded by two people puts both in its team.
  const teams = teamsOf(
    m.game,
    m.seats.map((s) => ({ seat: s.key, playerIDs: s.playerIDs })),
  ).map((t) => j.seats.filter((s) => t.includes(s.seat)).map(partOf));
  const partSkill = new Map(j.seats.map((s) => [partOf(s), skills.get(`${s.accountId}\u0000${keyText(s.key)}`) ?? NEW_SKILL]));
  return rateSeats(teams, (part) => bySeat.get(part.split('\u0000')[0]!)!.rank, partSkill);
}

/** One account's part in a match: its seat and the account (co-commanders share a seat). */
const partOf = (s: { seat: string; accountId: string }) => `${s.seat}\u0000${s.accountId}`;

export class RatingService {
  constructor(
    private readonly sql: SideSql,
    private readonly storage: SqlStorage,
    private readonly log: Logger,
    readonly rules: RatingRules = RATING_RULES,
  ) {}

  init() {
    return createRatingTables(this.sql);
  }

  /** A match ended (or may have): judge it once. Answers the judgement, or undefined when it was judged before or is not over. */
  async finished(matchID: string): Promise<Judgement | undefined> {
    const m = await finishedMatch(this.storage, matchID);
    if (!m) return undefined;
    const j = judge(m, this.rules);
    for (let attempt = 1; ; attempt++) {
      try {
        const fresh = await this.sql.tx(async (q) => {
          if (!(await this.record(q, m, j))) return false;
          // A rated match sharing a rating with this one, and after it in the rebuild's order (it finished
          // later, or at the same time with a greater id), was rated first: all are rated again in that order.
          if (j.rated && (await this.ratedAfter(q, m, j))) {
            this.log.info('match judged out of order: ratings redone in order', { matchID });
            await this.redo(q);
          }
          return true;
        });
        if (fresh) this.log.info('match judged', { matchID, rated: j.rated, ...(j.why ? { why: j.why } : {}) });
        return fresh ? j : undefined;
      } catch (e) {
        // Two processes redoing at once: PostgreSQL gives one of them up (deadlock); it tries again.
        if ((e as { code?: unknown }).code !== '40P01' || attempt >= 3) throw e;
      }
    }
  }

  /** Whether a rated match after `m` in the rebuild's order moved one of the ratings `m` moves. */
  private async ratedAfter(q: Query, m: FinishedMatch, j: Judgement): Promise<boolean> {
    for (const s of j.seats) {
      const rows = await q(
        `SELECT 1 AS x FROM kon_match_players WHERE account_id = $1 AND game = $2 AND variant = $3 AND side = $4 AND rated = $5
           AND match_id <> $6 AND (finished_at > $7 OR (finished_at = $7 AND match_id > $6)) LIMIT 1`,
        [s.accountId, s.key.game, s.key.variant, s.key.side, true, m.matchID, m.finishedAt],
      );
      if (rows.length > 0) return true;
    }
    return false;
  }

  /**
   * A deleted account: its ratings and results stay (the other players' histories rest on them) under
   * an anonymous id that leads to nobody, in the tables and in the intents a rebuild reads.
   */
  async forgetAccount(accountId: string): Promise<void> {
    const anonymous = `gone_${randomBytes(12).toString('base64url')}`;
    await this.sql.tx(async (q) => {
      await q('UPDATE kon_ratings SET account_id = $2 WHERE account_id = $1', [accountId, anonymous]);
      await q('UPDATE kon_match_players SET account_id = $2 WHERE account_id = $1', [accountId, anonymous]);
    });
    await renameInIntents(this.storage, accountId, anonymous);
  }

  /** Judge every finished match not judged yet (one that ended while no process could hear it), oldest first. */
  async catchUp(): Promise<number> {
    const judged = new Set((await this.sql.query<{ match_id: string }>('SELECT match_id FROM kon_rated_matches')).map((r) => r.match_id));
    const todo = (await this.finishedIds()).filter((id) => !judged.has(id));
    let n = 0;
    for (const m of await this.load(todo)) if (await this.finished(m.matchID)) n++;
    return n;
  }

  private async finishedIds(): Promise<string[]> {
    const rows = await this.sql.query<{ id: string }>('SELECT id FROM kon_matches WHERE gameover = $1', [true]);
    return rows.map((r) => r.id);
  }

  /** The finished matches, in the order they finished (then by id: the same order every time). */
  private async load(ids: readonly string[]): Promise<FinishedMatch[]> {
    const out: FinishedMatch[] = [];
    for (const id of ids) {
      const m = await finishedMatch(this.storage, id);
      if (m) out.push(m);
    }
    return out.sort((a, b) => a.finishedAt - b.finishedAt || (a.matchID < b.matchID ? -1 : a.matchID > b.matchID ? 1 : 0));
  }

  /** The once-only marker and the new ratings, in the caller's transaction; false when the match was judged already. */
  private async record(q: Query, m: FinishedMatch, j: Judgement): Promise<boolean> {
    const variant = j.seats[0]?.key.variant ?? '-';
    const marked = await q(
      'INSERT INTO kon_rated_matches (match_id, game, variant, finished_at, rated, why) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING match_id',
      [m.matchID, m.game, variant, m.finishedAt, j.rated, j.why ?? null],
    );
    if (marked.length === 0) return false;
    const now = Date.now();
    // Lock the rows in one order (accounts and keys sorted): two matches sharing players never deadlock.
    const seats = [...j.seats].sort((a, b) => (a.accountId + keyText(a.key) < b.accountId + keyText(b.key) ? -1 : 1));
    const before = new Map<string, Skill>();
    if (j.rated) {
      for (const s of seats) {
        await q(
          'INSERT INTO kon_ratings (account_id, game, variant, side, mu, sigma, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING',
          [s.accountId, s.key.game, s.key.variant, s.key.side, NEW_SKILL.mu, NEW_SKILL.sigma, now],
        );
        const [r] = await q<{ mu: unknown; sigma: unknown }>(
          'SELECT mu, sigma FROM kon_ratings WHERE account_id = $1 AND game = $2 AND variant = $3 AND side = $4 FOR UPDATE',
          [s.accountId, s.key.game, s.key.variant, s.key.side],
        );
        before.set(`${s.accountId}\u0000${keyText(s.key)}`, { mu: num(r!.mu), sigma: num(r!.sigma) });
      }
    }
    const after = ratingsAfter(m, j, before);
    for (const s of seats) {
      const b = before.get(`${s.accountId}\u0000${keyText(s.key)}`);
      const a = after.get(partOf(s));
      if (j.rated && a) {
        await q(
          `UPDATE kon_ratings SET mu = $5, sigma = $6, games = games + 1, wins = wins + $7, losses = losses + $8, draws = draws + $9, updated_at = $10
            WHERE account_id = $1 AND game = $2 AND variant = $3 AND side = $4`,
          [
            s.accountId,
            s.key.game,
            s.key.variant,
            s.key.side,
            a.mu,
            a.sigma,
            Number(s.outcome === 'win'),
            Number(s.outcome === 'loss'),
            Number(s.outcome === 'draw'),
            now,
          ],
        );
      }
      await insertPart(q, m, j, s, b, a);
    }
    return true;
  }

  /**
   * Every rating made again from the stored finished matches, in one transaction (on PostgreSQL the
   * marker table is locked meanwhile, so a match ending now waits and is then found judged).
   */
  async rebuild(): Promise<{ matches: number; rated: number }> {
    return this.sql.tx((q) => this.redo(q));
  }

  /** The rebuild's work, in the caller's transaction. */
  private async redo(q: Query): Promise<{ matches: number; rated: number }> {
    if (this.sql.kind === 'postgres') await q('LOCK TABLE kon_rated_matches IN EXCLUSIVE MODE');
    // Read under the lock: a match that ends from here on is judged after the rebuild, not lost by it.
    const matches = await this.load((await q<{ id: string }>('SELECT id FROM kon_matches WHERE gameover = $1', [true])).map((r) => r.id));
    await q('DELETE FROM kon_match_players');
    await q('DELETE FROM kon_ratings');
    await q('DELETE FROM kon_rated_matches');
    let rated = 0;
    for (const m of matches) {
      const j = judge(m, this.rules);
      if (j.rated) rated++;
      await this.record(q, m, j);
    }
    this.log.info('ratings rebuilt', { matches: matches.length, rated });
    return { matches: matches.length, rated };
  }

  /** Every rating row, for tests and the rebuild check (sorted). */
  async allRatings() {
    const rows = await this.sql.query<Record<string, unknown>>(
      'SELECT account_id, game, variant, side, mu, sigma, games, wins, losses, draws FROM kon_ratings ORDER BY account_id, game, variant, side',
    );
    return rows.map((r) => ({
      accountId: String(r.account_id),
      game: String(r.game),
      variant: String(r.variant),
      side: String(r.side),
      ...ratingRow(r),
    }));
  }

  /** One account's skills in a game and ruleset family, by side (the new player's where it has none). */
  async skills(
    accounts: readonly string[],
    game: string,
    variant: string,
    q: Query = this.sql.query,
  ): Promise<Map<string, Map<string, RatingRow>>> {
    const out = new Map<string, Map<string, RatingRow>>();
    if (accounts.length === 0) return out;
    const marks = accounts.map((_a, i) => `$${i + 3}`).join(', ');
    const rows = await q<Record<string, unknown>>(
      `SELECT account_id, side, mu, sigma, games, wins, losses, draws FROM kon_ratings WHERE game = $1 AND variant = $2 AND account_id IN (${marks})`,
      [game, variant, ...accounts],
    );
    for (const r of rows) {
      const a = String(r.account_id);
      if (!out.has(a)) out.set(a, new Map());
      out.get(a)!.set(String(r.side), ratingRow(r));
    }
    return out;
  }

  /** Accounts' reliability: the share of their judged matches they finished (no time out, not left); 1 with none. */
  async reliability(
    accounts: readonly string[],
    q: Query = this.sql.query,
  ): Promise<Map<string, { finished: number; timeout: number; left: number; share: number }>> {
    const out = new Map<string, { finished: number; timeout: number; left: number; share: number }>();
    for (const a of accounts) out.set(a, { finished: 0, timeout: 0, left: 0, share: 1 });
    if (accounts.length === 0) return out;
    const marks = accounts.map((_a, i) => `$${i + 1}`).join(', ');
    const rows = await q<{ account_id: string; ending: string; n: unknown }>(
      `SELECT account_id, ending, count(*) AS n FROM kon_match_players WHERE account_id IN (${marks}) GROUP BY account_id, ending`,
      accounts,
    );
    for (const r of rows) {
      const e = out.get(r.account_id)!;
      if (r.ending === 'finished' || r.ending === 'timeout' || r.ending === 'left') e[r.ending] += num(r.n);
    }
    for (const e of out.values()) {
      const total = e.finished + e.timeout + e.left;
      e.share = total === 0 ? 1 : e.finished / total;
    }
    return out;
  }

  get sqlHandle(): SideSql {
    return this.sql;
  }
}

async function insertPart(
  q: Query,
  m: FinishedMatch,
  j: Judgement,
  s: Judgement['seats'][number],
  b: Skill | undefined,
  a: Skill | undefined,
) {
  await q(
    `INSERT INTO kon_match_players (match_id, account_id, seat, game, variant, side, rank, outcome, ending, rated, mu_before, sigma_before, mu_after, sigma_after, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT DO NOTHING`,
    [
      m.matchID,
      s.accountId,
      s.seat,
      s.key.game,
      s.key.variant,
      s.key.side,
      s.rank,
      s.outcome,
      s.ending,
      j.rated,
      b?.mu ?? null,
      b?.sigma ?? null,
      a?.mu ?? null,
      a?.sigma ?? null,
      m.finishedAt,
    ],
  );
}
