import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 24 random bytes = 192 bits, base64url (32 characters). */
export const TOKEN_BYTES = 24;

export type TokenKind = 'seat' | 'spectator' | 'member' | 'co' | 'recovery';
const PREFIX: Record<TokenKind, string> = { seat: 's', spectator: 'v', member: 'm', co: 'c', recovery: 'r' };

/** An unguessable token from the platform CSPRNG. The prefix only tells humans what kind of link it is. */
export function newToken(kind: TokenKind): string {
  return `${PREFIX[kind]}_${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

export function tokenKind(token: string): TokenKind | undefined {
  const p = token.slice(0, 2);
  if (p === 's_') return 'seat';
  if (p === 'v_') return 'spectator';
  if (p === 'm_') return 'member';
  if (p === 'c_') return 'co';
  if (p === 'r_') return 'recovery';
  return undefined;
}

/** Tokens are stored only as SHA-256 hashes (hex). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && ba.length > 0 && timingSafeEqual(ba, bb);
}

/** Does `token` hash to one of `hashes`? (constant time per comparison) */
export function tokenMatches(token: unknown, hashes: readonly string[] | undefined): boolean {
  if (typeof token !== 'string' || token.length < 8 || token.length > 200 || !hashes) return false;
  const h = hashToken(token);
  let ok = false;
  for (const candidate of hashes) if (sameHash(h, candidate)) ok = true;
  return ok;
}

/** A match seed from the platform CSPRNG (256 bits), never derived from the clock. */
export function newSeed(): string {
  return randomBytes(32).toString('base64url');
}

/** Public match ids: 96 random bits; not secret (private matches need a token anyway) but unguessable. */
export function newMatchID(): string {
  return randomBytes(12).toString('base64url');
}

export function newMemberID(): string {
  return randomBytes(9).toString('base64url');
}
