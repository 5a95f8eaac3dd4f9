/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): a new account registers its first passkey, an
 * account adds more, anyone signs in with one. Every challenge is stored server-side, answered at
 * most once (taken out of the store before it is checked) and expires in minutes.
 */
import { randomBytes } from 'node:crypto';
import type * as WebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { lazyModule } from '../core/lazy-module';
import { ApiError } from '../http/errors';
import type { ChallengePurpose, AccountStore, Challenge } from './store';

/** Loaded at the first passkey request (core/lazy-module.ts): it took ~0.1–0.3 s of every start. */
const webauthn = lazyModule<typeof WebAuthn>('@simplewebauthn/server');
export const CHALLENGE_TTL_MS = 5 * 60_000;

/** The relying party a request speaks to: its domain and the page origin WebAuthn must report. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export const newAccountId = () => randomBytes(12).toString('base64url');

const refused = () => new ApiError(400, 'passkey_refused', 'The passkey was not accepted.');

export class Passkeys {
  constructor(
    private readonly store: AccountStore,
    private readonly now: () => number = Date.now,
  ) {}

  private async challenge(purpose: ChallengePurpose, challenge: string, more: Partial<Challenge>) {
    const challengeId = randomBytes(24).toString('base64url');
    await this.store.addChallenge(challengeId, {
      challenge,
      purpose,
      account_id: more.account_id ?? null,
      name: more.name ?? null,
      label: more.label ?? null,
      expires_at: this.now() + CHALLENGE_TTL_MS,
    });
    return challengeId;
  }

  /** Used up whatever comes of it; refused when unknown, used, expired or of another purpose. */
  async take(challengeId: string, purpose: ChallengePurpose): Promise<Challenge> {
    const c = await this.store.takeChallenge(challengeId);
    if (!c || c.purpose !== purpose || c.expires_at <= this.now())
      throw new ApiError(400, 'challenge_invalid', 'This challenge is used, expired or unknown; start again.');
    return c;
  }

  /** Options to create a passkey for an account (a new one: `accountId` not yet stored). */
  async registrationOptions(rp: RelyingParty, purpose: 'signup' | 'add', accountId: string, name: string, label: string | undefined) {
    const existing = purpose === 'add' ? await this.store.passkeysOf(accountId) : [];
    const options = await webauthn().generateRegistrationOptions({
      rpName: 'Kampen om Norge',
      rpID: rp.id,
      userName: name,
      userDisplayName: name,
      userID: new Uint8Array(Buffer.from(accountId, 'base64url')),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: CHALLENGE_TTL_MS,
    });
    const challengeId = await this.challenge(purpose, options.challenge, { account_id: accountId, name, label: label ?? null });
    return { challengeId, options: options as unknown as Record<string, unknown> };
  }

  /** Check a new passkey against its challenge; answers what to store (the caller stores it with its account). */
  async verifyRegistration(rp: RelyingParty, c: Challenge, response: unknown) {
    let v: Awaited<ReturnType<typeof WebAuthn.verifyRegistrationResponse>>;
    try {
      v = await webauthn().verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: c.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch {
      throw refused();
    }
    if (!v.verified || !v.registrationInfo) throw refused();
    const { credential } = v.registrationInfo;
    if (await this.store.passkey(credential.id)) throw refused();
    return {
      id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: JSON.stringify(credential.transports ?? []),
      label: c.label || 'Passkey',
      created_at: this.now(),
      last_used_at: null,
    };
  }

  async loginOptions(rp: RelyingParty) {
    const options = await webauthn().generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'preferred',
      timeout: CHALLENGE_TTL_MS,
    });
    const challengeId = await this.challenge('login', options.challenge, {});
    return { challengeId, options: options as unknown as Record<string, unknown> };
  }

  /** The account a passkey sign-in is for; refused unless its passkey signed this very challenge. */
  async verifyLogin(rp: RelyingParty, c: Challenge, response: AuthenticationResponseJSON): Promise<string> {
    const key = await this.store.passkey(response.id);
    if (!key) throw refused();
    let v: Awaited<ReturnType<typeof WebAuthn.verifyAuthenticationResponse>>;
    try {
      v = await webauthn().verifyAuthenticationResponse({
        response,
        expectedChallenge: c.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: key.id,
          publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
          counter: key.counter,
          transports: JSON.parse(key.transports),
        },
        requireUserVerification: false,
      });
    } catch {
      throw refused();
    }
    if (!v.verified) throw refused();
    await this.store.usedPasskey(key.id, v.authenticationInfo.newCounter, this.now());
    return key.account_id;
  }
}
