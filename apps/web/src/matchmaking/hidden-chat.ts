/**
 * Chat of players one has blocked is hidden to one: the seats of a match whose accounts this signed-in
 * player blocked (the match's forecast names each seat's account and playerIDs). Nothing is hidden when
 * nobody is signed in or the match was not made with accounts.
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { matchForecast } from '@kon/protocol';
import { call, remembered } from '../api';
import { mmApi } from './api';

const NONE: ReadonlySet<string> = new Set();

export function useHiddenSenders(matchID: string | undefined): ReadonlySet<string> {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(NONE);
  useEffect(() => {
    if (!matchID) return;
    let alive = true;
    (async () => {
      const blocked = new Set((await mmApi.blocks()).map((b) => b.accountId));
      if (blocked.size === 0) return;
      const r = remembered(matchID);
      const token = r?.member?.credentials ?? r?.spectatorToken;
      const f = await call<z.output<typeof matchForecast>>('GET', `/api/matches/${encodeURIComponent(matchID)}/forecast`, undefined, token);
      const out = new Set(f.seats.filter((s) => s.accountId && blocked.has(s.accountId)).flatMap((s) => s.playerIDs));
      if (alive) setHidden(out);
    })().catch(() => {
      /* signed out, or a match without accounts: nothing to hide */
    });
    return () => {
      alive = false;
    };
  }, [matchID]);
  return hidden;
}
