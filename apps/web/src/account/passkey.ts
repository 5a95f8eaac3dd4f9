/** The browser's side of passkeys (@simplewebauthn/browser), between the server's options and its check. */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { call } from '../api';
import type { Account } from './session';

interface Options {
  challengeId: string;
  options: Record<string, unknown>;
}

export const passkeysWork = () => browserSupportsWebAuthn();

/** A new account with a new passkey; signed in. */
export async function signUpWithPasskey(name: string, label: string): Promise<Account> {
  const o = await call<Options>('POST', '/api/account/passkey/register/options', { name, label });
  const response = await startRegistration({ optionsJSON: o.options as never });
  return (await call<{ account: Account }>('POST', '/api/account/passkey/register/verify', { challengeId: o.challengeId, response }))
    .account;
}

export async function signInWithPasskey(): Promise<Account> {
  const o = await call<Options>('POST', '/api/account/passkey/login/options');
  const response = await startAuthentication({ optionsJSON: o.options as never });
  return (await call<{ account: Account }>('POST', '/api/account/passkey/login/verify', { challengeId: o.challengeId, response })).account;
}

export async function addPasskey(label: string): Promise<Account> {
  const o = await call<Options>('POST', '/api/me/passkeys/options', { label });
  const response = await startRegistration({ optionsJSON: o.options as never });
  return (await call<{ account: Account }>('POST', '/api/me/passkeys', { challengeId: o.challengeId, response })).account;
}

/** A label for a passkey made on this device, from what the browser says it runs on. */
export function deviceLabel(): string {
  const ua = navigator.userAgent;
  if (/iPhone|iPad/.test(ua)) return 'iPhone/iPad';
  if (/Android/.test(ua)) return 'Android';
  if (/Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Passkey';
}
