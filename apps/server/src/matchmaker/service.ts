/**
 * The match maker: a ticket put is matched at once with the oldest compatible open tickets of its pool,
 * under the pool's row lock (FOR UPDATE on kon_ticket_pools in PostgreSQL; SQLite runs one transaction
 * at a time), so every ticket is matched exactly once however many processes take tickets. The match
 * is then made through the lobby with the pace's clock, its seats bound to their accounts (SeatBinder)
 * and the rating intent stored with it, and whoever listens is told (MatchMadeListener).
 */
import { ApiError } from '../http/errors';
import type { Lobby } from '../lobby/lobby';
import type { Logger } from '../core/log';
import type { SqlStorage } from '../storage';
import { writeIntent } from '../ratings/intent';
import { shown } from '../ratings/model';
import { matchForecast } from '../ratings/queries';
import type { RatingService } from '../ratings/service';
import { num, type Query, type SideSql } from '../ratings/sql';
import { findGroup, type Knowledge, type PoolTicket } from './grouping';
import { createMatchmakerTables } from './tables';
import {
  newTicket,
  PACE_RULES,
  publicTicket,
  setupOf,
  type StoredTicket,
  type Ticket,
  type TicketRequest,
  ticketFromRow,
  variantOfTicket,
} from './tickets';

/** The accounts' side: makes the account a member of the seat (the accounts module's bindSeat). */
export interface SeatBinder {
  bindSeat(matchID: string, seat: string, accountId: string): Promise<void>;
}
export interface MatchMade {
  matchID: string;
  game: string;
  setup: string;
  pace: Ticket['pace'];
  rated: boolean;
  seats: { seat: string; accountId: string; ticketId: string }[];
}
/** Told of every match made (to tell each player at once, or by their "your move" channels when away). */
export type MatchMadeListener = (made: MatchMade) => void;

/** Open tickets one account may hold at once. */
const MAX_OPEN_PER_ACCOUNT = 10;
/** How long past its time an open ticket is left before a sweep writes it expired. */
const SWEEP_GRACE_MS = 60_000;
/** How many waiting tickets of a pool a new one is compared with. */
const POOL_WINDOW = 500;

export interface MatchmakerDeps {
  sql: SideSql;
  storage: SqlStorage;
  lobby: Lobby;
  ratings: RatingService;
  log: Logger;
  binder?: SeatBinder;
  now?: () => number;
}

export class Matchmaker {
  private readonly listeners: MatchMadeListener[] = [];
  private readonly expiredListeners: ((t: StoredTicket) => void)[] = [];
  binder: SeatBinder | undefined;
  private readonly now: () => number;

  constructor(private readonly d: MatchmakerDeps) {
    this.binder = d.binder;
    this.now = d.now ?? Date.now;
  }

  init() {
    return createMatchmakerTables(this.d.sql);
  }

  onMatchMade(l: MatchMadeListener) {
    this.listeners.push(l);
  }

  /** Put a ticket; answers it as it stands after matching (matched, with its match, when a group was found). */
  async put(accountId: string, body: TicketRequest): Promise<Ticket> {
    const t = newTicket(this.d.lobby.games, this.d.lobby.scenarios, accountId, body, this.now());
    const module = this.d.lobby.games.of(t.game);
    const seats = module.plans[t.plan]!.map((s) => s.key);
    const group = await this.d.sql.tx(async (q) => {
      await q('INSERT INTO kon_ticket_pools (pool) VALUES ($1) ON CONFLICT DO NOTHING', [t.pool]);
      await q('SELECT pool FROM kon_ticket_pools WHERE pool = $1 FOR UPDATE', [t.pool]);
      const [{ n } = { n: 0 }] = await q<{ n: unknown }>(
        "SELECT count(*) AS n FROM kon_tickets WHERE account_id = $1 AND status = 'open' AND expires_at > $2",
        [accountId, t.createdAt],
      );
      if (num(n) >= MAX_OPEN_PER_ACCOUNT)
        throw new ApiError(409, 'too_many_tickets', `At most ${MAX_OPEN_PER_ACCOUNT} open tickets at once.`);
      await q(
        `INSERT INTO kon_tickets (id, account_id, pool, game, setup, plan, sides, pace, rated, rating_window, min_reliability, status, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13)`,
        [
          t.id,
          accountId,
          t.pool,
          t.game,
          t.setup,
          t.plan,
          JSON.stringify(t.sides),
          t.pace,
          t.rated,
          t.ratingWindow,
          t.minReliability,
          t.createdAt,
          t.expiresAt,
        ],
      );
      const waiting = (
        await q(
          "SELECT * FROM kon_tickets WHERE pool = $1 AND status = 'open' AND expires_at > $2 AND id <> $3 ORDER BY created_at, id LIMIT $4",
          [t.pool, t.createdAt, t.id, POOL_WINDOW],
        )
      ).map((r) => ticketFromRow(r, t.createdAt));
      const k = await this.knowledge(q, t, [t, ...waiting]);
      const found = findGroup(t, waiting, seats, k);
      if (!found) return undefined;
      for (const [i, g] of found.entries()) {
        const took = await q("UPDATE kon_tickets SET status = 'matched', seat = $2 WHERE id = $1 AND status = 'open' RETURNING id", [
          g.id,
          seats[i],
        ]);
        // Under the pool's lock this cannot miss; if it ever did, nothing of this match is kept.
        if (took.length !== 1) throw new Error(`ticket ${g.id} was taken meanwhile`);
      }
      return found.map((g, i) => ({ ticket: g as StoredTicket, seat: seats[i]! }));
    });
    if (group) await this.makeMatch(t, group);
    return publicTicket((await this.get(t.id))!);
  }

  /** Ratings, reliabilities, blocks and side counts of the accounts in a pool, read in the matching's transaction. */
  private async knowledge(q: Query, t: StoredTicket, tickets: readonly PoolTicket[]): Promise<Knowledge> {
    const accounts = [...new Set(tickets.map((x) => x.accountId))];
    const marks = accounts.map((_a, i) => `$${i + 1}`).join(', ');
    const skills = await this.d.ratings.skills(accounts, t.game, variantOfTicket(t, this.d.lobby.scenarios), q);
    const rel = await this.d.ratings.reliability(accounts, q);
    const blocks = await q<{ blocker: string; blocked: string }>(
      `SELECT blocker, blocked FROM kon_blocks WHERE blocker IN (${marks}) AND blocked IN (${marks})`,
      accounts,
    );
    const blocked = new Set(blocks.map((b) => `${b.blocker} ${b.blocked}`));
    const sides = await q<{ account_id: string; seat: string; n: unknown }>(
      `SELECT account_id, seat, count(*) AS n FROM kon_tickets WHERE status = 'matched' AND game = $${accounts.length + 1} AND account_id IN (${marks}) GROUP BY account_id, seat`,
      [...accounts, t.game],
    );
    const times = new Map(sides.map((s) => [`${s.account_id} ${s.seat}`, num(s.n)]));
    // One number per account for the rating window: the mean of its sides' ratings in this ruleset (0: new).
    const rating = new Map(
      accounts.map((a) => {
        const rs = [...(skills.get(a)?.values() ?? [])].map((r) => shown(r));
        return [a, rs.length ? rs.reduce((x, y) => x + y, 0) / rs.length : 0];
      }),
    );
    return {
      rating: (a) => rating.get(a) ?? 0,
      reliability: (a) => rel.get(a)?.share ?? 1,
      blocked: (a, b) => blocked.has(`${a} ${b}`) || blocked.has(`${b} ${a}`),
      timesOnSide: (a, seat) => times.get(`${a} ${seat}`) ?? 0,
    };
  }

  /** The match for a matched group: made through the lobby, its tickets then name it; on failure they open again. */
  private async makeMatch(t: StoredTicket, group: { ticket: StoredTicket; seat: string }[]) {
    const module = this.d.lobby.games.of(t.game);
    const { setupData } = setupOf(module, t.setup === '-' ? undefined : t.setup, this.d.lobby.scenarios);
    const pace = PACE_RULES[t.pace];
    let matchID: string;
    try {
      const body = this.d.lobby.parseCreate({
        game: t.game,
        plan: t.plan,
        visibility: 'private',
        setupData,
        clock: { ...pace.clock, atZero: module.loseOnTime ? 'lose' : 'pass' },
      });
      ({ matchID } = await this.d.lobby.create(body));
      // The rating intent and the seats' accounts, before anyone can move.
      await writeIntent(this.d.storage, matchID, {
        rated: t.rated,
        seats: Object.fromEntries(group.map((g) => [g.seat, g.ticket.accountId])),
      });
    } catch (e) {
      this.d.log.error('match maker could not make a match', { pool: t.pool, err: e });
      await this.d.sql.tx(async (q) => {
        for (const g of group)
          await q("UPDATE kon_tickets SET status = 'open', seat = NULL WHERE id = $1 AND match_id IS NULL", [g.ticket.id]);
      });
      throw e;
    }
    await this.d.sql.tx(async (q) => {
      for (const g of group) await q('UPDATE kon_tickets SET match_id = $2 WHERE id = $1', [g.ticket.id, matchID]);
    });
    for (const g of group) {
      await this.binder
        ?.bindSeat(matchID, g.seat, g.ticket.accountId)
        .catch((e: unknown) => this.d.log.error('binding a seat failed', { matchID, seat: g.seat, err: e }));
    }
    const made: MatchMade = {
      matchID,
      game: t.game,
      setup: t.setup,
      pace: t.pace,
      rated: t.rated,
      seats: group.map((g) => ({ seat: g.seat, accountId: g.ticket.accountId, ticketId: g.ticket.id })),
    };
    this.d.log.info('match made', { matchID, pool: t.pool, tickets: group.map((g) => g.ticket.id) });
    for (const l of this.listeners) {
      try {
        l(made);
      } catch (e) {
        this.d.log.error('match made listener failed', { matchID, err: e });
      }
    }
  }

  /**
   * Tickets that outlived their pace's window are written expired (each once, whichever process
   * sweeps: the UPDATE takes only rows still open) and handed to `onExpired` to tell their players.
   */
  async sweepExpired(): Promise<StoredTicket[]> {
    const rows = await this.d.sql.query(
      "UPDATE kon_tickets SET status = 'expired' WHERE status = 'open' AND expires_at <= $1 RETURNING *",
      // A minute's grace: a matching under way that read the ticket as open still finds it so.
      [this.now() - SWEEP_GRACE_MS],
    );
    const gone = rows.map((r) => ticketFromRow(r, this.now()));
    for (const t of gone) for (const l of this.expiredListeners) l(t);
    return gone;
  }

  onExpired(l: (t: StoredTicket) => void) {
    this.expiredListeners.push(l);
  }

  async get(id: string): Promise<StoredTicket | undefined> {
    const [r] = await this.d.sql.query('SELECT * FROM kon_tickets WHERE id = $1', [id]);
    return r ? ticketFromRow(r, this.now()) : undefined;
  }

  /** An account's tickets: open ones and those closed in the last day, newest first. */
  async mine(accountId: string): Promise<Ticket[]> {
    const now = this.now();
    const rows = await this.d.sql.query(
      'SELECT * FROM kon_tickets WHERE account_id = $1 AND (status = $2 OR created_at > $3) ORDER BY created_at DESC, id LIMIT 50',
      [accountId, 'open', now - 86_400_000],
    );
    // A matched ticket shows its match's forecast: rated or not, and each side's chance of winning.
    return Promise.all(
      rows.map(async (r) => {
        const t = publicTicket(ticketFromRow(r, now));
        const f = t.matchID ? await matchForecast(this.d.ratings, this.d.storage, t.matchID) : undefined;
        return f ? { ...t, forecast: f } : t;
      }),
    );
  }

  /** Cancel one's own open ticket (under its pool's lock, so it is never matched and cancelled both). */
  /** A deleted account: its tickets and its blocks, both ways, go. */
  async forgetAccount(accountId: string): Promise<void> {
    await this.d.sql.tx(async (q) => {
      await q('DELETE FROM kon_tickets WHERE account_id = $1', [accountId]);
      await q('DELETE FROM kon_blocks WHERE blocker = $1 OR blocked = $1', [accountId]);
    });
  }

  async cancel(accountId: string, id: string): Promise<void> {
    const t = await this.get(id);
    if (!t || t.accountId !== accountId) throw new ApiError(404, 'not_found', 'No such ticket.');
    const done = await this.d.sql.tx(async (q) => {
      await q('SELECT pool FROM kon_ticket_pools WHERE pool = $1 FOR UPDATE', [t.pool]);
      return q("UPDATE kon_tickets SET status = 'cancelled' WHERE id = $1 AND status = 'open' AND expires_at > $2 RETURNING id", [
        id,
        this.now(),
      ]);
    });
    if (done.length === 0) throw new ApiError(409, 'ticket_closed', 'This ticket is no longer open.');
  }

  /** How many are looking, by game, set-up, plan, pace and rated. */
  async openCounts() {
    const rows = await this.d.sql.query<Record<string, unknown>>(
      "SELECT game, setup, plan, pace, rated, count(*) AS n FROM kon_tickets WHERE status = 'open' AND expires_at > $1 GROUP BY game, setup, plan, pace, rated ORDER BY game, setup, plan, pace, rated",
      [this.now()],
    );
    return rows.map((r) => ({
      game: String(r.game),
      setup: String(r.setup),
      plan: String(r.plan),
      pace: String(r.pace) as Ticket['pace'],
      rated: r.rated === true || r.rated === 1,
      count: num(r.n),
    }));
  }

  async block(blocker: string, blocked: string) {
    if (blocker === blocked) throw new ApiError(400, 'cannot_block_self', 'You cannot block yourself.');
    await this.d.sql.query('INSERT INTO kon_blocks (blocker, blocked, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      blocker,
      blocked,
      this.now(),
    ]);
  }

  async unblock(blocker: string, blocked: string) {
    await this.d.sql.query('DELETE FROM kon_blocks WHERE blocker = $1 AND blocked = $2', [blocker, blocked]);
  }

  /** Whom this account blocked: their chat is hidden to it and they are never matched together. */
  async blocked(blocker: string) {
    const rows = await this.d.sql.query<{ blocked: string; created_at: unknown }>(
      'SELECT blocked, created_at FROM kon_blocks WHERE blocker = $1 ORDER BY created_at, blocked',
      [blocker],
    );
    return rows.map((r) => ({ accountId: r.blocked, since: num(r.created_at) }));
  }

  /** The accounts that blocked this one (their members never get its chat lines). */
  async blockersOf(blocked: string): Promise<ReadonlySet<string>> {
    const rows = await this.d.sql.query<{ blocker: string }>('SELECT blocker FROM kon_blocks WHERE blocked = $1', [blocked]);
    return new Set(rows.map((r) => r.blocker));
  }

  /** Either blocked the other. */
  async isBlocked(a: string, b: string): Promise<boolean> {
    const rows = await this.d.sql.query(
      'SELECT 1 AS x FROM kon_blocks WHERE (blocker = $1 AND blocked = $2) OR (blocker = $2 AND blocked = $1)',
      [a, b],
    );
    return rows.length > 0;
  }
}
