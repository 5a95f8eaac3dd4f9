/**
 * The accounts' tables, in the match store's database (sql.ts) and apart from it:
 *   kon_accounts        an account: its name (and the name's comparison key), its confirmed e-mail
 *   kon_passkeys        its passkeys (WebAuthn public keys; never a secret)
 *   kon_sessions        signed-in browsers, by the hash of the cookie's token
 *   kon_signin_links    one-time e-mail links, by the hash of their token
 *   kon_challenges      one-time WebAuthn challenges
 *   kon_account_seats   the seats an account holds (a seat itself stays the match's, in its lobby record)
 * Single use is one statement (DELETE ... RETURNING): two requests with one link cannot both win.
 */
import type { Sql } from './sql';

export interface Account {
  id: string;
  name: string;
  email: string | null;
  created_at: number;
}
export interface Passkey {
  id: string;
  account_id: string;
  public_key: string;
  counter: number;
  transports: string;
  label: string;
  created_at: number;
  last_used_at: number | null;
}
export interface Session {
  account_id: string;
  created_at: number;
  expires_at: number;
}
export type LinkPurpose = 'signin' | 'signup' | 'email';
export interface SignInLink {
  purpose: LinkPurpose;
  email: string;
  account_id: string | null;
  name: string | null;
  expires_at: number;
}
export type ChallengePurpose = 'signup' | 'login' | 'add';
export interface Challenge {
  challenge: string;
  purpose: ChallengePurpose;
  account_id: string | null;
  name: string | null;
  label: string | null;
  expires_at: number;
}
export interface AccountSeat {
  match_id: string;
  seat: string;
  created_at: number;
}

/** A write that would break a unique name or address. */
export type Unique = 'ok' | 'name_taken' | 'email_taken';

const TABLES = ['kon_accounts', 'kon_passkeys', 'kon_sessions', 'kon_signin_links', 'kon_challenges', 'kon_account_seats'] as const;

export class AccountStore {
  private readonly t: Record<(typeof TABLES)[number], string>;
  constructor(private readonly sql: Sql) {
    this.t = Object.fromEntries(TABLES.map((n) => [n, sql.table(n)])) as AccountStore['t'];
  }

  get tableNames(): readonly string[] {
    return TABLES;
  }

  async connect(): Promise<void> {
    const { t } = this;
    await this.sql.exec(`
      CREATE TABLE IF NOT EXISTS ${t.kon_accounts} (
        id         TEXT PRIMARY KEY,
        name       TEXT NOT NULL,
        name_key   TEXT NOT NULL UNIQUE,
        email      TEXT UNIQUE,
        created_at BIGINT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${t.kon_passkeys} (
        id           TEXT PRIMARY KEY,
        account_id   TEXT NOT NULL,
        public_key   TEXT NOT NULL,
        counter      BIGINT NOT NULL,
        transports   TEXT NOT NULL,
        label        TEXT NOT NULL,
        created_at   BIGINT NOT NULL,
        last_used_at BIGINT
      );
      CREATE INDEX IF NOT EXISTS kon_passkeys_account_idx ON ${t.kon_passkeys} (account_id);
      CREATE TABLE IF NOT EXISTS ${t.kon_sessions} (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS kon_sessions_account_idx ON ${t.kon_sessions} (account_id);
      CREATE TABLE IF NOT EXISTS ${t.kon_signin_links} (
        token_hash TEXT PRIMARY KEY,
        purpose    TEXT NOT NULL,
        email      TEXT NOT NULL,
        account_id TEXT,
        name       TEXT,
        expires_at BIGINT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${t.kon_challenges} (
        id         TEXT PRIMARY KEY,
        challenge  TEXT NOT NULL,
        purpose    TEXT NOT NULL,
        account_id TEXT,
        name       TEXT,
        label      TEXT,
        expires_at BIGINT NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${t.kon_account_seats} (
        account_id TEXT NOT NULL,
        match_id   TEXT NOT NULL,
        seat       TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (account_id, match_id, seat)
      );
    `);
  }

  private async one<T>(sql: string, params: unknown[]): Promise<T | undefined> {
    return (await this.sql.all<T>(sql, params))[0];
  }

  private async unique(write: () => Promise<unknown>): Promise<Unique> {
    try {
      await write();
      return 'ok';
    } catch (e) {
      const text = String((e as { message?: unknown }).message ?? '') + String((e as { constraint?: unknown }).constraint ?? '');
      const code = (e as { code?: unknown }).code;
      if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') throw e;
      return text.includes('email') ? 'email_taken' : 'name_taken';
    }
  }

  // Accounts

  createAccount(a: Account, nameKey: string): Promise<Unique> {
    return this.unique(() =>
      this.sql.run(`INSERT INTO ${this.t.kon_accounts} (id, name, name_key, email, created_at) VALUES (?, ?, ?, ?, ?)`, [
        a.id,
        a.name,
        nameKey,
        a.email,
        a.created_at,
      ]),
    );
  }

  account(id: string): Promise<Account | undefined> {
    return this.one(`SELECT id, name, email, created_at FROM ${this.t.kon_accounts} WHERE id = ?`, [id]);
  }

  accountByEmail(email: string): Promise<Account | undefined> {
    return this.one(`SELECT id, name, email, created_at FROM ${this.t.kon_accounts} WHERE email = ?`, [email]);
  }

  async nameTaken(nameKey: string): Promise<boolean> {
    return (await this.one(`SELECT 1 AS x FROM ${this.t.kon_accounts} WHERE name_key = ?`, [nameKey])) !== undefined;
  }

  async names(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (ids.length === 0) return out;
    const rows = await this.sql.all<{ id: string; name: string }>(
      `SELECT id, name FROM ${this.t.kon_accounts} WHERE id IN (${ids.map(() => '?').join(', ')})`,
      [...ids],
    );
    for (const r of rows) out.set(r.id, r.name);
    return out;
  }

  rename(id: string, name: string, nameKey: string): Promise<Unique> {
    return this.unique(() => this.sql.run(`UPDATE ${this.t.kon_accounts} SET name = ?, name_key = ? WHERE id = ?`, [name, nameKey, id]));
  }

  setEmail(id: string, email: string): Promise<Unique> {
    return this.unique(() => this.sql.run(`UPDATE ${this.t.kon_accounts} SET email = ? WHERE id = ?`, [email, id]));
  }

  /** Every row of the account in every accounts table (the lobby records are the caller's). */
  async deleteAccount(id: string, email: string | null): Promise<void> {
    const { t } = this;
    for (const table of [t.kon_passkeys, t.kon_sessions, t.kon_challenges, t.kon_account_seats, t.kon_signin_links])
      await this.sql.run(`DELETE FROM ${table} WHERE account_id = ?`, [id]);
    if (email !== null) await this.sql.run(`DELETE FROM ${t.kon_signin_links} WHERE email = ?`, [email]);
    await this.sql.run(`DELETE FROM ${t.kon_accounts} WHERE id = ?`, [id]);
  }

  // Passkeys

  async addPasskey(p: Passkey): Promise<void> {
    await this.sql.run(
      `INSERT INTO ${this.t.kon_passkeys} (id, account_id, public_key, counter, transports, label, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [p.id, p.account_id, p.public_key, p.counter, p.transports, p.label, p.created_at, p.last_used_at],
    );
  }

  passkey(id: string): Promise<Passkey | undefined> {
    return this.one(`SELECT * FROM ${this.t.kon_passkeys} WHERE id = ?`, [id]);
  }

  passkeysOf(accountId: string): Promise<Passkey[]> {
    return this.sql.all(`SELECT * FROM ${this.t.kon_passkeys} WHERE account_id = ? ORDER BY created_at`, [accountId]);
  }

  async usedPasskey(id: string, counter: number, now: number): Promise<void> {
    await this.sql.run(`UPDATE ${this.t.kon_passkeys} SET counter = ?, last_used_at = ? WHERE id = ?`, [counter, now, id]);
  }

  async removePasskey(accountId: string, id: string): Promise<boolean> {
    return (await this.sql.run(`DELETE FROM ${this.t.kon_passkeys} WHERE account_id = ? AND id = ?`, [accountId, id])) > 0;
  }

  // Sessions

  async addSession(tokenHash: string, s: Session): Promise<void> {
    await this.sql.run(`INSERT INTO ${this.t.kon_sessions} (token_hash, account_id, created_at, expires_at) VALUES (?, ?, ?, ?)`, [
      tokenHash,
      s.account_id,
      s.created_at,
      s.expires_at,
    ]);
  }

  session(tokenHash: string): Promise<Session | undefined> {
    return this.one(`SELECT account_id, created_at, expires_at FROM ${this.t.kon_sessions} WHERE token_hash = ?`, [tokenHash]);
  }

  sessionsOf(accountId: string): Promise<(Session & { token_hash: string })[]> {
    return this.sql.all(`SELECT * FROM ${this.t.kon_sessions} WHERE account_id = ? ORDER BY created_at`, [accountId]);
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.sql.run(`DELETE FROM ${this.t.kon_sessions} WHERE token_hash = ?`, [tokenHash]);
  }

  async endSessionsOf(accountId: string): Promise<number> {
    return this.sql.run(`DELETE FROM ${this.t.kon_sessions} WHERE account_id = ?`, [accountId]);
  }

  // One-time links and challenges

  async addLink(tokenHash: string, l: SignInLink): Promise<void> {
    await this.sql.run(
      `INSERT INTO ${this.t.kon_signin_links} (token_hash, purpose, email, account_id, name, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
      [tokenHash, l.purpose, l.email, l.account_id, l.name, l.expires_at],
    );
  }

  /** The link, taken out: it works once, expired or not. */
  takeLink(tokenHash: string): Promise<SignInLink | undefined> {
    return this.one(`DELETE FROM ${this.t.kon_signin_links} WHERE token_hash = ? RETURNING purpose, email, account_id, name, expires_at`, [
      tokenHash,
    ]);
  }

  async addChallenge(id: string, c: Challenge): Promise<void> {
    await this.sql.run(
      `INSERT INTO ${this.t.kon_challenges} (id, challenge, purpose, account_id, name, label, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [id, c.challenge, c.purpose, c.account_id, c.name, c.label, c.expires_at],
    );
  }

  takeChallenge(id: string): Promise<Challenge | undefined> {
    return this.one(`DELETE FROM ${this.t.kon_challenges} WHERE id = ? RETURNING challenge, purpose, account_id, name, label, expires_at`, [
      id,
    ]);
  }

  /** Expired sessions, links and challenges go (now and then; an expired row is refused anyway). */
  async sweep(now: number): Promise<void> {
    for (const table of [this.t.kon_sessions, this.t.kon_signin_links, this.t.kon_challenges])
      await this.sql.run(`DELETE FROM ${table} WHERE expires_at <= ?`, [now]);
  }

  // Seats

  async addSeat(accountId: string, matchID: string, seat: string, now: number): Promise<void> {
    await this.sql.run(
      `INSERT INTO ${this.t.kon_account_seats} (account_id, match_id, seat, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [accountId, matchID, seat, now],
    );
  }

  seatsOf(accountId: string): Promise<AccountSeat[]> {
    return this.sql.all(
      `SELECT match_id, seat, created_at FROM ${this.t.kon_account_seats} WHERE account_id = ? ORDER BY created_at DESC`,
      [accountId],
    );
  }

  async removeSeat(accountId: string, matchID: string, seat: string): Promise<void> {
    await this.sql.run(`DELETE FROM ${this.t.kon_account_seats} WHERE account_id = ? AND match_id = ? AND seat = ?`, [
      accountId,
      matchID,
      seat,
    ]);
  }
}
