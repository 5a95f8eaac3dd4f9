/**
 * The signed-in account as this page knows it (apps/server/src/players): asked once per page load,
 * shared by every component that shows it. The session itself is an HttpOnly cookie the page never
 * sees. Signing in takes along the seats this browser holds; the account's matches from its other
 * devices are brought into this browser's list (so "My matches" shows them as it always did).
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { accountInfo, accountMatches, claimed } from '@kon/protocol';
import { browserKey, call, remember, rememberedMatches, saveName, type Joined } from '../api';
import { syncList } from '../devices/linkedList';

export type Account = z.infer<typeof accountInfo>;
export type AccountMatch = z.infer<typeof accountMatches>['matches'][number];

/** Told when matches arrived in this browser's list from the account (ui/MyMatches.tsx reads again). */
export const MATCHES_ARRIVED = 'kon:matches-arrived';

let current: Promise<Account | null> | undefined;
const listeners = new Set<(a: Account | null) => void>();

/** The account this browser is signed in to (null: none), asked once per page load. */
export function me(): Promise<Account | null> {
  current ??= call<{ account: Account | null }>('GET', '/api/me')
    .then((r) => r.account)
    .catch(() => null);
  return current;
}

/** The account changed (signed in or out, renamed, a passkey added): every component shows the new one. */
export function setAccount(a: Account | null) {
  current = Promise.resolve(a);
  for (const l of listeners) l(a);
}

/** undefined while it is being asked. */
export function useAccount(): Account | null | undefined {
  const [a, setA] = useState<Account | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    me().then((x) => live && setA(x));
    const l = (x: Account | null) => setA(x);
    listeners.add(l);
    return () => {
      live = false;
      listeners.delete(l);
    };
  }, []);
  return a;
}

/** After signing in: this browser's seats become the account's, and the account's seats this browser's. */
export async function afterSignIn(a: Account): Promise<void> {
  try {
    // The name the pages offer when creating or joining a match is the account's from now on.
    saveName(a.name);
    // A browser linked to other devices (devices/) brings their matches along too.
    await syncList().catch(() => undefined);
    const seats = rememberedMatches().flatMap((r) => (r.member ? [{ matchID: r.matchID, credentials: r.member.credentials }] : []));
    if (seats.length) await call<z.infer<typeof claimed>>('POST', '/api/me/claim', { seats: seats.slice(0, 200) }).catch(() => undefined);
    await syncAccountMatches();
  } finally {
    // Signed in for the pages once the browser's seats are the account's: the account page's list,
    // fetched when it mounts, then shows them at once (not an empty list first, fetched again later).
    setAccount(a);
  }
}

/** Credentials of the account's seat in a match, for this browser, remembered like a join. */
export async function takeSeat(m: Pick<AccountMatch, 'matchID'> & Partial<Pick<AccountMatch, 'game'>>): Promise<Joined> {
  const joined = await call<Joined>('POST', `/api/me/matches/${encodeURIComponent(m.matchID)}/credentials`, { browserKey: browserKey() });
  remember(m.matchID, { member: joined, game: m.game ?? joined.game });
  return joined;
}

let synced: Promise<void> | undefined;
/** Bring the account's matches this browser does not hold yet into its list (once per page load). */
export function syncAccountMatches(force = true): Promise<void> {
  if (synced && !force) return synced;
  synced = (async () => {
    const list = await call<z.infer<typeof accountMatches>>('GET', '/api/me/matches').catch(() => ({ matches: [] }));
    const held = new Set(rememberedMatches().flatMap((r) => (r.member ? [r.matchID] : [])));
    let arrived = 0;
    for (const m of list.matches)
      if (!held.has(m.matchID) && !m.over) {
        await takeSeat(m).then(
          () => arrived++,
          () => undefined,
        );
      }
    if (arrived) window.dispatchEvent(new Event(MATCHES_ARRIVED));
  })();
  return synced;
}
