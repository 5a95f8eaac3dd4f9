/**
 * An account's life: made (with a passkey, or by an e-mail link), renamed, given an address, shown to
 * its owner, exported, deleted. Names are checked here (names.ts) and kept unique by the store.
 */
import type { z } from 'zod';
import type { accountExport, accountInfo } from '@kon/protocol';
import { ApiError } from '../http/errors';
import type { AccountSeats } from './account-seats';
import { allowedNameKey } from './names';
import type { Account, AccountStore, Passkey } from './store';

type AccountInfo = z.infer<typeof accountInfo>;

const taken = () => new ApiError(409, 'name_taken', 'That name is taken.');

export class Accounts {
  /** Told of every deleted account (ratings and the match maker forget it too). */
  private readonly deleteHooks: ((accountId: string) => Promise<void>)[] = [];

  constructor(
    private readonly store: AccountStore,
    private readonly seats: AccountSeats,
    private readonly now: () => number = Date.now,
  ) {}

  onDelete(hook: (accountId: string) => Promise<void>) {
    this.deleteHooks.push(hook);
  }

  /** Refuses a reserved or taken name before a passkey or a link is made for it. */
  async assertNameFree(name: string): Promise<void> {
    if (await this.store.nameTaken(allowedNameKey(name))) throw taken();
  }

  /** A new account; with its first passkey when it signed up with one. */
  async create(id: string, name: string, email: string | null, passkey?: Omit<Passkey, 'account_id'>): Promise<Account> {
    const a: Account = { id, name, email, created_at: this.now() };
    const r = await this.store.createAccount(a, allowedNameKey(name));
    if (r === 'name_taken') throw taken();
    if (r === 'email_taken') throw new ApiError(409, 'email_taken', 'That address belongs to another account.');
    if (passkey) await this.store.addPasskey({ ...passkey, account_id: id });
    return a;
  }

  async rename(id: string, name: string): Promise<void> {
    const r = await this.store.rename(id, name, allowedNameKey(name));
    if (r !== 'ok') throw taken();
    await this.seats.renamed(id, name);
  }

  async setEmail(id: string, email: string): Promise<void> {
    const r = await this.store.setEmail(id, email);
    if (r !== 'ok') throw new ApiError(409, 'email_taken', 'That address belongs to another account.');
  }

  async removePasskey(id: string, passkeyId: string): Promise<void> {
    const [a, keys] = await Promise.all([this.store.account(id), this.store.passkeysOf(id)]);
    if (!keys.some((k) => k.id === passkeyId)) throw new ApiError(404, 'no_such_passkey', 'No such passkey on your account.');
    if (keys.length === 1 && !a?.email)
      throw new ApiError(409, 'last_sign_in_method', 'This is your last way to sign in; add another passkey or an e-mail address first.');
    await this.store.removePasskey(id, passkeyId);
  }

  async info(id: string): Promise<AccountInfo | undefined> {
    const a = await this.store.account(id);
    if (!a) return undefined;
    const [keys, sessions] = await Promise.all([this.store.passkeysOf(id), this.store.sessionsOf(id)]);
    return {
      id: a.id,
      name: a.name,
      email: a.email,
      createdAt: a.created_at,
      passkeys: keys.map(passkeyInfo),
      sessions: sessions.filter((s) => s.expires_at > this.now()).length,
    };
  }

  async export(id: string, currentSession: string | undefined): Promise<z.infer<typeof accountExport>> {
    const a = await this.store.account(id);
    if (!a) throw new ApiError(401, 'sign_in_required', 'Sign in first.');
    const [keys, sessions, matches] = await Promise.all([this.store.passkeysOf(id), this.store.sessionsOf(id), this.seats.list(id)]);
    return {
      exportedAt: this.now(),
      account: { id: a.id, name: a.name, email: a.email, createdAt: a.created_at },
      passkeys: keys.map(passkeyInfo),
      sessions: sessions.map((s) => ({ createdAt: s.created_at, expiresAt: s.expires_at, current: s.token_hash === currentSession })),
      matches,
    };
  }

  /** Erase the person: their rows go, their members in matches stay as an anonymous seat. */
  async delete(id: string): Promise<void> {
    const a = await this.store.account(id);
    if (!a) return;
    // Sessions first: from here on nothing acts for the account while the rest goes.
    await this.store.endSessionsOf(id);
    await this.seats.anonymise(id);
    for (const hook of this.deleteHooks) await hook(id);
    await this.store.deleteAccount(id, a.email);
  }
}

function passkeyInfo(p: Passkey) {
  return { id: p.id, label: p.label, createdAt: p.created_at, lastUsedAt: p.last_used_at };
}
