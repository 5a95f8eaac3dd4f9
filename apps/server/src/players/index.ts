/**
 * Players as a layer of their own: accounts (passkeys, e-mail links), sessions, the seats an account
 * holds. A guest plays exactly as before; an account only finds its seats (account-seats.ts).
 *
 * For other modules (ratings, the match maker):
 *   ctx.state.account      { id, name } on a request with a valid session (set by `middleware`)
 *   requireAccount         Koa middleware: 401 sign_in_required without one
 *   accountName(s)         display names by account id
 *   bindSeat               keep a match's seat for an account (its devices take it from /api/me/matches)
 *   onAccountDeleted       forget an account's data of your own when it is deleted
 */
import type Koa from 'koa';
import type { Config } from '../core/config';
import type { Lobby } from '../lobby/lobby';
import type { Logger } from '../core/log';
import type { SqlStorage } from '../storage';
import { AccountSeats } from './account-seats';
import { Accounts } from './accounts';
import { EmailLinks, type Mailer } from './email-links';
import type { ChosenSettings } from '../notifications/settings';
import { Passkeys } from './passkeys';
import { accountOf, accountRoutes } from './routes';
import { Sessions, type SignedIn } from './sessions';
import { openSql } from './sql';
import { AccountStore } from './store';

export type { SignedIn } from './sessions';
export { SESSION_COOKIE } from './sessions';

/** Koa middleware: the request must carry a valid session (401 `sign_in_required` otherwise). */
export const requireAccount: Koa.Middleware = async (ctx, next) => {
  accountOf(ctx);
  await next();
};

/** Expired sessions, links and challenges are swept this often. */
const SWEEP_MS = 60 * 60_000;

export interface PlayersDeps {
  config: Config;
  lobby: Lobby;
  storage: SqlStorage;
  log: Logger;
  mailer: Mailer;
  now?: () => number;
}

export interface Players {
  /** Mount before the /api router: sessions, and a signed-in join or recovery binding the seat to the account. */
  middleware: Koa.Middleware;
  /** Add to the /api router (HttpDeps.moreRoutes). */
  routes: ReturnType<typeof accountRoutes>;
  accountName(id: string): Promise<string | undefined>;
  accountNames(ids: readonly string[]): Promise<Map<string, string>>;
  bindSeat(matchID: string, seat: string, accountId: string): Promise<void>;
  /** The "your move" channels the account chose last (account-seats.ts), and its own e-mail address. */
  channelsOf(accountId: string): Promise<ChosenSettings | undefined>;
  emailOf(accountId: string): Promise<string | null | undefined>;
  onAccountDeleted(hook: (accountId: string) => Promise<void>): void;
  readonly store: AccountStore;
  close(): Promise<void>;
}

const JOINED = /^\/api\/matches\/([A-Za-z0-9_-]{1,64})\/(?:join|recover)$/;

export async function startPlayers({ config, lobby, storage, log: parentLog, mailer, now = Date.now }: PlayersDeps): Promise<Players> {
  const log = parentLog.child({ component: 'players' });
  const sql = await openSql(config);
  const store = new AccountStore(sql);
  try {
    await store.connect();
  } catch (e) {
    await sql.close().catch(() => {});
    throw e;
  }
  const seats = new AccountSeats(lobby, store, storage, config.maxMembersPerSeat, log, now);
  const accounts = new Accounts(store, seats, now);
  const origins = [...config.origins, ...(config.publicUrl ? [new URL(config.publicUrl).origin] : [])];
  const sessions = new Sessions(
    store,
    { lifetimeMs: config.accounts.sessionLifetimeMs, origins, secure: config.publicUrl?.startsWith('https:') ?? false },
    now,
  );
  const parts = {
    store,
    accounts,
    passkeys: new Passkeys(store, now),
    links: new EmailLinks(store, mailer, log, config.accounts.linkTtlMs, now),
    sessions,
    seats,
    origins,
  };
  const sessionMiddleware = sessions.middleware();
  const middleware: Koa.Middleware = (ctx, next) =>
    sessionMiddleware(ctx, async () => {
      await next();
      // A signed-in person who takes a seat (or restores one) holds it as their account.
      const account = (ctx.state as SignedIn).account;
      const m = ctx.method === 'POST' && ctx.status === 201 && account ? JOINED.exec(ctx.path) : null;
      const credentials = (ctx.body as { credentials?: unknown } | undefined)?.credentials;
      if (m && account && typeof credentials === 'string')
        await seats.claim(m[1]!, credentials, account).catch((e: unknown) => log.error('seat not bound to account', { err: e }));
    });
  const sweeper = setInterval(() => {
    store.sweep(now()).catch((e: unknown) => log.warn('sweep failed', { err: e }));
  }, SWEEP_MS);
  sweeper.unref();

  return {
    middleware,
    routes: accountRoutes(parts),
    accountName: async (id) => (await store.names([id])).get(id),
    accountNames: (ids) => store.names(ids),
    bindSeat: (matchID, seat, accountId) => seats.bindSeat(matchID, seat, accountId),
    channelsOf: (accountId) => seats.channelsOf(accountId),
    emailOf: async (accountId) => (await store.account(accountId))?.email,
    onAccountDeleted: (hook) => accounts.onDelete(hook),
    store,
    async close() {
      clearInterval(sweeper);
      await sql.close();
    },
  };
}
