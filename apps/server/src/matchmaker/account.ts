/**
 * Who is signed in on a request: the accounts' session middleware sets `ctx.state.account`. Tests that
 * run without accounts put their own reader here (setAccountReader); nothing else changes it.
 */
import type Koa from 'koa';
import { ApiError } from '../http/errors';

export interface SignedIn {
  id: string;
  name: string;
}
export type AccountReader = (ctx: Koa.Context) => SignedIn | undefined;

const fromSession: AccountReader = (ctx) => (ctx.state as { account?: SignedIn }).account;
let reader: AccountReader = fromSession;

/** For tests only: where the routes read the signed-in account from. */
export function setAccountReader(r: AccountReader | undefined) {
  reader = r ?? fromSession;
}

export function accountOf(ctx: Koa.Context): SignedIn | undefined {
  return reader(ctx);
}

/** The signed-in account, or 401 sign_in_required. */
export function requireAccount(ctx: Koa.Context): SignedIn {
  const a = reader(ctx);
  if (!a) throw new ApiError(401, 'sign_in_required', 'Sign in to do this.');
  return a;
}
