/**
 * Looking back during a game: the board as it was right after a log entry, as the spectators saw it
 * (the server replays the stored moves; no seat's secrets). null while looking at the live game.
 */
import { useCallback, useRef, useState } from 'react';
import { pastApi, type BoardAt } from './api';

export interface BoardHistory {
  at: BoardAt | null;
  /** The entry asked for, while its board is on the way. */
  loading: number | null;
  failed: boolean;
  show(entry: number): void;
  back(): void;
}

export function useBoardAt(matchID: string, token: string | undefined): BoardHistory {
  const [at, setAt] = useState<BoardAt | null>(null);
  const [loading, setLoading] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);
  // Another match: nothing of the last one's board stays shown.
  const [shownFor, setShownFor] = useState(matchID);
  if (shownFor !== matchID) {
    setShownFor(matchID);
    setAt(null);
    setLoading(null);
  }
  const show = useCallback(
    (entry: number) => {
      if (!token) return;
      const n = ++asked.current;
      setLoading(entry);
      setFailed(false);
      pastApi
        .boardAt(matchID, token, entry)
        .then((b) => n === asked.current && setAt(b))
        .catch(() => n === asked.current && setFailed(true))
        .finally(() => n === asked.current && setLoading(null));
    },
    [matchID, token],
  );
  const back = useCallback(() => {
    asked.current++;
    setAt(null);
    setLoading(null);
    setFailed(false);
  }, []);
  return { at, loading, failed, show, back };
}
