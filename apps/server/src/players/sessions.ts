/**
 * Sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure on HTTPS), kept server-side
 * only as its hash (kon_sessions), so every process sharing the store knows it and "sign out
 * everywhere" is one delete. A state-changing request from another site's page is never signed in
 * (origin.ts): a guest request it stays, and the account routes refuse it.
 */
import type Koa from 'koa';
import { randomBytes } from 'node:crypto';
import { hashToken } from '../core/secrets';
import { isCrossOrigin } from './origin';
import type { AccountStore } from './store';

export const SESSION_COOKIE = 'kon_session';
const tokenShape = /^k_[A-Za-z0-9_-]{43}$/;

/** What the session middleware puts on ctx.state. */
export interface SignedIn {
  account?: { id: string; name: string };
  /** The hash of this request's session token, when it has a valid one. */
  sessionHash?: string;
}

export interface SessionSettings {
  lifetimeMs: number;
  /** The site's trusted origins beside the one the request was served at (ORIGINS, PUBLIC_URL). */
  origins: readonly string[];
  /** Secure cookies: the site is served over HTTPS (PUBLIC_URL), or this request came over it. */
  secure: boolean;
}

export class Sessions {
  constructor(
    private readonly store: AccountStore,
    private readonly settings: SessionSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Koa middleware: ctx.state.account for a request with a valid, unexpired session. */
  middleware(): Koa.Middleware {
    return async (ctx, next) => {
      // Only the API acts for a person: pages and files are the same for everyone (and many).
      if (!ctx.path.startsWith('/api/')) return next();
      const state = ctx.state as SignedIn;
      const tok = ctx.cookies.get(SESSION_COOKIE);
      if (tok && tokenShape.test(tok) && !isCrossOrigin(ctx, this.settings.origins)) {
        const hash = hashToken(tok);
        const s = await this.store.session(hash);
        const a = s && s.expires_at > this.now() ? await this.store.account(s.account_id) : undefined;
        if (a) {
          state.account = { id: a.id, name: a.name };
          state.sessionHash = hash;
        }
      }
      await next();
    };
  }

  /** A new session for the account, its cookie set on this answer. */
  async start(ctx: Koa.Context, accountId: string): Promise<void> {
    // A browser signing in again (or as someone else) leaves its old session behind for good.
    const { sessionHash } = ctx.state as SignedIn;
    if (sessionHash) await this.store.endSession(sessionHash);
    const tok = `k_${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    await this.store.addSession(hashToken(tok), { account_id: accountId, created_at: now, expires_at: now + this.settings.lifetimeMs });
    ctx.cookies.set(SESSION_COOKIE, tok, this.cookieOptions(ctx, this.settings.lifetimeMs));
  }

  /** End this request's session (if any) and clear its cookie. */
  async end(ctx: Koa.Context): Promise<void> {
    const { sessionHash } = ctx.state as SignedIn;
    if (sessionHash) await this.store.endSession(sessionHash);
    ctx.cookies.set(SESSION_COOKIE, '', { ...this.cookieOptions(ctx, 0), expires: new Date(0) });
  }

  private cookieOptions(ctx: Koa.Context, maxAge: number) {
    return {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.settings.secure || ctx.secure,
      path: '/',
      maxAge,
      overwrite: true,
    };
  }
}
