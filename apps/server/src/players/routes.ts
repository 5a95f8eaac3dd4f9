/**
 * The account routes, under /api (see packages/protocol/src/account-routes.ts for the table):
 *   /account/...   signing up and in: passkeys, e-mail links
 *   /me...         the signed-in account: itself, its passkeys, sessions, address, seats, data
 * Every state-changing one refuses a request from another site's page (origin.ts); every sign-in
 * attempt counts against the client address's sign-in limit (and an e-mail link against its address's).
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import {
  addPasskeyRequest,
  claimRequest,
  emailLinkRequest,
  emailSignupRequest,
  passkeyAnswer,
  redeemLinkRequest,
  renameAccountRequest,
  seatCredentialsRequest,
  setEmailRequest,
  signupRequest,
} from '@kon/protocol';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { ApiError, limited, notFound } from '../http/errors';
import { parse, readJson, type ApiRoutes, type HttpDeps } from '../http/routes';
import type { AccountSeats } from './account-seats';
import type { Accounts } from './accounts';
import { normalEmail, type EmailLinks } from './email-links';
import { isCrossOrigin, servedOrigin } from './origin';
import { newAccountId, type Passkeys, type RelyingParty } from './passkeys';
import type { Sessions, SignedIn } from './sessions';
import type { AccountStore } from './store';

export interface PlayersParts {
  store: AccountStore;
  accounts: Accounts;
  passkeys: Passkeys;
  links: EmailLinks;
  sessions: Sessions;
  seats: AccountSeats;
  /** Origins trusted beside the served one (ORIGINS, PUBLIC_URL's). */
  origins: readonly string[];
}

type Handler = (ctx: Koa.Context) => Promise<void>;

export const signInRequired = () => new ApiError(401, 'sign_in_required', 'Sign in first.');

/** The signed-in account of this request, or 401 sign_in_required. */
export function accountOf(ctx: Koa.Context): { id: string; name: string } {
  const a = (ctx.state as SignedIn).account;
  if (!a) throw signInRequired();
  return a;
}

export function accountRoutes(p: PlayersParts): ApiRoutes {
  return (router: Router, deps: HttpDeps) => {
    const { config, limits } = deps;
    const body = (ctx: Koa.Context) => readJson(ctx, config.bodyLimitBytes);
    const rp = (ctx: Koa.Context): RelyingParty => ({
      id: config.accounts.rpId ?? ctx.hostname,
      origin: config.accounts.rpOrigin ?? servedOrigin(ctx),
    });
    const site = (ctx: Koa.Context) => config.publicUrl ?? servedOrigin(ctx);
    const limit = async (...keys: string[]) => {
      for (const key of keys) {
        const check = await limits.signInAttempt(key);
        if (check.verdict === 'limited') throw limited(check.retryAfter, 'Too many sign-in attempts; wait a while.');
      }
    };
    const info = async (id: string) => {
      const a = await p.accounts.info(id);
      if (!a) throw signInRequired();
      return { account: a };
    };
    /** A state-changing route: refused from another site's page. */
    const changing =
      (h: Handler): Handler =>
      async (ctx) => {
        if (isCrossOrigin(ctx, p.origins)) throw new ApiError(403, 'cross_origin', 'Requests from other sites are refused.');
        await h(ctx);
      };
    const signIn = async (ctx: Koa.Context, accountId: string, status = 200) => {
      await p.sessions.start(ctx, accountId);
      ctx.status = status;
      ctx.body = await info(accountId);
    };

    router.get('/me', async (ctx) => {
      const a = (ctx.state as SignedIn).account;
      ctx.body = { account: a ? ((await p.accounts.info(a.id)) ?? null) : null };
    });

    // Passkeys: a new account, signing in.
    router.post(
      '/account/passkey/register/options',
      changing(async (ctx) => {
        await limit(ctx.ip);
        const { name, label } = parse(signupRequest, await body(ctx));
        await p.accounts.assertNameFree(name);
        ctx.body = await p.passkeys.registrationOptions(rp(ctx), 'signup', newAccountId(), name, label);
      }),
    );
    router.post(
      '/account/passkey/register/verify',
      changing(async (ctx) => {
        await limit(ctx.ip);
        const { challengeId, response } = parse(passkeyAnswer, await body(ctx));
        const c = await p.passkeys.take(challengeId, 'signup');
        const key = await p.passkeys.verifyRegistration(rp(ctx), c, response);
        const a = await p.accounts.create(c.account_id!, c.name!, null, key);
        deps.log.info('account created', { accountId: a.id, by: 'passkey' });
        await signIn(ctx, a.id, 201);
      }),
    );
    router.post(
      '/account/passkey/login/options',
      changing(async (ctx) => {
        await limit(ctx.ip);
        ctx.body = await p.passkeys.loginOptions(rp(ctx));
      }),
    );
    router.post(
      '/account/passkey/login/verify',
      changing(async (ctx) => {
        await limit(ctx.ip);
        const { challengeId, response } = parse(passkeyAnswer, await body(ctx));
        const c = await p.passkeys.take(challengeId, 'login');
        const accountId = await p.passkeys.verifyLogin(rp(ctx), c, response as unknown as AuthenticationResponseJSON);
        await signIn(ctx, accountId);
      }),
    );

    // E-mail links: the same answer whether or not the address has an account.
    router.post(
      '/account/email-link',
      changing(async (ctx) => {
        p.links.assertAvailable();
        const req = parse(emailLinkRequest, await body(ctx));
        const email = normalEmail(req.email);
        await limit(ctx.ip, `email:${email}`);
        const a = await p.store.accountByEmail(email);
        if (a) await p.links.send(site(ctx), req.lang, { purpose: 'signin', email, account_id: a.id, name: null });
        ctx.status = 202;
        ctx.body = { sent: true };
      }),
    );
    router.post(
      '/account/signup/email',
      changing(async (ctx) => {
        p.links.assertAvailable();
        const req = parse(emailSignupRequest, await body(ctx));
        const email = normalEmail(req.email);
        await limit(ctx.ip, `email:${email}`);
        await p.accounts.assertNameFree(req.name);
        const a = await p.store.accountByEmail(email);
        // An address that has an account gets a sign-in link instead: nobody learns it has one.
        await p.links.send(
          site(ctx),
          req.lang,
          a ? { purpose: 'signin', email, account_id: a.id, name: null } : { purpose: 'signup', email, account_id: null, name: req.name },
        );
        ctx.status = 202;
        ctx.body = { sent: true };
      }),
    );
    router.post(
      '/account/email-link/redeem',
      changing(async (ctx) => {
        await limit(ctx.ip);
        const { token } = parse(redeemLinkRequest, await body(ctx));
        const link = await p.links.take(token);
        const holder = await p.store.accountByEmail(link.email);
        let accountId: string;
        if (link.purpose === 'email') {
          const a = link.account_id ? await p.store.account(link.account_id) : undefined;
          if (!a) throw new ApiError(400, 'signin_link_invalid', 'This link is used, expired or unknown; ask for a new one.');
          if (holder?.id !== a.id) await p.accounts.setEmail(a.id, link.email);
          accountId = a.id;
        } else if (holder) {
          accountId = holder.id;
        } else if (link.purpose === 'signup' && link.name) {
          accountId = (await p.accounts.create(newAccountId(), link.name, link.email)).id;
          deps.log.info('account created', { accountId, by: 'email' });
        } else {
          throw new ApiError(400, 'signin_link_invalid', 'This link is used, expired or unknown; ask for a new one.');
        }
        const already = (ctx.state as SignedIn).account?.id === accountId;
        if (already) ctx.body = await info(accountId);
        else await signIn(ctx, accountId);
      }),
    );

    // The signed-in account.
    router.patch(
      '/me',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        const { name } = parse(renameAccountRequest, await body(ctx));
        await p.accounts.rename(a.id, name);
        ctx.body = await info(a.id);
      }),
    );
    router.delete(
      '/me',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        await p.accounts.delete(a.id);
        await p.sessions.end(ctx);
        deps.log.info('account deleted', { accountId: a.id });
        ctx.status = 204;
      }),
    );
    router.get('/me/export', async (ctx) => {
      const a = accountOf(ctx);
      ctx.set('Content-Disposition', 'attachment; filename="kampen-om-norge-account.json"');
      ctx.body = await p.accounts.export(a.id, (ctx.state as SignedIn).sessionHash);
    });
    router.put(
      '/me/email',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        p.links.assertAvailable();
        const req = parse(setEmailRequest, await body(ctx));
        const email = normalEmail(req.email);
        await limit(ctx.ip, `email:${email}`);
        // An address of another account gets nothing: the answer must not tell that it has one.
        const holder = await p.store.accountByEmail(email);
        if (!holder) await p.links.send(site(ctx), req.lang, { purpose: 'email', email, account_id: a.id, name: null });
        ctx.status = 202;
        ctx.body = { sent: true };
      }),
    );
    router.post(
      '/me/passkeys/options',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        const { label } = parse(addPasskeyRequest, await body(ctx));
        ctx.body = await p.passkeys.registrationOptions(rp(ctx), 'add', a.id, a.name, label);
      }),
    );
    router.post(
      '/me/passkeys',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        const { challengeId, response } = parse(passkeyAnswer, await body(ctx));
        const c = await p.passkeys.take(challengeId, 'add');
        if (c.account_id !== a.id) throw new ApiError(400, 'challenge_invalid', 'This challenge is not for your account.');
        const key = await p.passkeys.verifyRegistration(rp(ctx), c, response);
        await p.store.addPasskey({ ...key, account_id: a.id });
        ctx.status = 201;
        ctx.body = await info(a.id);
      }),
    );
    router.delete(
      '/me/passkeys/:id',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        await p.accounts.removePasskey(a.id, ctx.params.id!);
        ctx.body = await info(a.id);
      }),
    );
    router.post(
      '/me/sign-out',
      changing(async (ctx) => {
        await p.sessions.end(ctx);
        ctx.status = 204;
      }),
    );
    router.post(
      '/me/sign-out-everywhere',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        await p.store.endSessionsOf(a.id);
        await p.sessions.end(ctx);
        ctx.status = 204;
      }),
    );

    // The account's seats.
    router.post(
      '/me/claim',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        const { seats } = parse(claimRequest, await body(ctx));
        const matches: string[] = [];
        for (const s of seats) if (await p.seats.claim(s.matchID, s.credentials, a)) matches.push(s.matchID);
        ctx.body = { matches: [...new Set(matches)] };
      }),
    );
    router.get('/me/matches', async (ctx) => {
      ctx.body = { matches: await p.seats.list(accountOf(ctx).id) };
    });
    router.post(
      '/me/matches/:id/credentials',
      changing(async (ctx) => {
        const a = accountOf(ctx);
        const matchID = ctx.params.id!;
        if (!/^[A-Za-z0-9_-]{1,64}$/.test(matchID)) throw notFound();
        const { browserKey } = parse(seatCredentialsRequest, await body(ctx));
        ctx.status = 201;
        ctx.body = await p.seats.credentials(matchID, a, browserKey);
      }),
    );
  };
}
