/**
 * Accounts (apps/server/src/players): passkeys, e-mail sign-in links, sessions, the account's own
 * matches. A session travels in an HttpOnly cookie, never in a body; these schemas are the bodies.
 */
import { z } from 'zod';
import { browserKey, gameId, seatKey, token } from './common';

/**
 * An account's name: 2–24 letters or digits, with spaces, _ . - between. Unique ignoring case and
 * look-alikes (the server compares NFKC + case fold), so "Kari" and "ＫＡＲＩ" are one name.
 */
export const accountName = z
  .string()
  .trim()
  .min(2, 'a name is at least 2 characters')
  .max(24, 'a name is at most 24 characters')
  .regex(/^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M} _.-]*[\p{L}\p{N}\p{M}])?$/u, 'letters and digits, with spaces, _ . - between them');

export const emailAddress = z.string().trim().max(254).pipe(z.email('not an e-mail address'));

/** A WebAuthn response as @simplewebauthn/browser hands it over (checked by the server's verifier). */
export const webauthnResponse = z.looseObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/, 'the credential id must be base64url'),
  rawId: z.string().max(1400),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: z.string().max(40).optional(),
});

/** A challenge handed out once; the id names it when the answer comes back. */
const challengeId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'not a challenge id');
/** Options for navigator.credentials (WebAuthn JSON), and the challenge they carry. */
export const passkeyOptions = z.object({ challengeId: z.string(), options: z.record(z.string(), z.unknown()) });

/** POST /api/account/passkey/register/options: a new account's name, and a label for the passkey. */
export const signupRequest = z.strictObject({ name: accountName, label: z.string().trim().max(60).optional() });
/** POST /api/me/passkeys/options: a label for the passkey being added. */
export const addPasskeyRequest = z.strictObject({ label: z.string().trim().max(60).optional() });
/** The answer to a challenge: registration or sign-in. */
export const passkeyAnswer = z.strictObject({ challengeId, response: webauthnResponse });

/** POST /api/account/email-link: a sign-in link to this address, if it has an account. */
export const emailLinkRequest = z.strictObject({ email: emailAddress, lang: z.enum(['nb', 'en']).default('nb') });
/** POST /api/account/signup/email: a new account by e-mail link only (no passkey). */
export const emailSignupRequest = z.strictObject({ name: accountName, email: emailAddress, lang: z.enum(['nb', 'en']).default('nb') });
/** PUT /api/me/email: a confirmation link to this address; it becomes the account's once the link is opened. */
export const setEmailRequest = z.strictObject({ email: emailAddress, lang: z.enum(['nb', 'en']).default('nb') });
/** The same answer whether or not the address has an account. */
export const emailLinkSent = z.object({ sent: z.literal(true) });
/** POST /api/account/email-link/redeem */
export const redeemLinkRequest = z.strictObject({ token: z.string().regex(/^e_[A-Za-z0-9_-]{32}$/, 'not a sign-in link') });

export const passkeyInfo = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
});

/** The signed-in account as its owner sees it. */
export const accountInfo = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  createdAt: z.number(),
  passkeys: z.array(passkeyInfo),
  /** Sessions open on other devices and this one. */
  sessions: z.number().int(),
});
/** GET /api/me: the account, or null when this browser is not signed in. */
export const meResponse = z.object({ account: accountInfo.nullable() });
/** A sign-in or sign-up: the account now signed in (the session is in the cookie). */
export const signedIn = z.object({ account: accountInfo });

/** PATCH /api/me: a new name (every match shows it). */
export const renameAccountRequest = z.strictObject({ name: accountName });

/** A seat of a match this browser holds, with the credentials it holds it by. */
export const heldSeat = z.strictObject({ matchID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), credentials: token });
/** POST /api/me/claim: the seats this browser holds, to follow the account from now on. */
export const claimRequest = z.strictObject({ seats: z.array(heldSeat).max(200) });
export const claimed = z.object({ matches: z.array(z.string()) });

/** One of the account's seats. */
export const accountMatch = z.object({
  matchID: z.string(),
  game: gameId,
  seat: seatKey,
  playerIDs: z.array(z.string()),
  /** The account is a member of the seat (false: the seat waits for it, e.g. made by the match maker). */
  seated: z.boolean(),
  over: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export const accountMatches = z.object({ matches: z.array(accountMatch) });
/** POST /api/me/matches/:id/credentials: credentials of the account's seat for this device. */
export const seatCredentialsRequest = z.strictObject({ browserKey: browserKey.optional() });

/** GET /api/me/export: everything kept about the account. */
export const accountExport = z.object({
  exportedAt: z.number(),
  account: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), createdAt: z.number() }),
  passkeys: z.array(passkeyInfo),
  sessions: z.array(z.object({ createdAt: z.number(), expiresAt: z.number(), current: z.boolean() })),
  matches: z.array(accountMatch),
});
