/**
 * Following a rematch: the member keeps its seat and credentials (apps/server/src/lobby/rematch.ts), so this
 * browser only has to remember them under the new match and go there.
 */
import { useEffect, useRef } from 'react';
import { remember, type Joined, type MatchInfo } from '../api';

export function followRematch(matchID: string, member: Joined, navigate: (to: string) => void) {
  remember(matchID, { member: { ...member, matchID } });
  navigate(`/m/${matchID}`);
}

/**
 * Take this member's page into a rematch that starts while it is open. A rematch that already existed
 * when the page opened is only offered (AfterGame), not forced: looking back at an old game stays possible.
 */
export function useRematchFollow(info: MatchInfo | null, member: Joined | undefined, navigate: (to: string) => void) {
  const seen = useRef<string | null | undefined>(undefined);
  // The rematch's id, null when there is none, undefined before the match's info has come.
  const rematch = info ? (info.rematch ?? null) : undefined;
  useEffect(() => {
    if (rematch === undefined) return;
    const r = rematch;
    if (seen.current === undefined) {
      seen.current = r;
      return;
    }
    if (r && r !== seen.current && member) followRematch(r, member, navigate);
    seen.current = r;
  }, [rematch, member, navigate]);
}
