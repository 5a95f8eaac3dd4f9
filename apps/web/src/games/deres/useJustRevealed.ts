/**
 * The orders of the step just revealed, for the live map to draw as they appear: the board they were
 * written on is the one this page showed before the reveal, or, when the page opened after it, the
 * server's board at the entry before (asked once). Null when the latest step is no reveal.
 */
import { useEffect, useMemo, useState } from 'react';
import type { DeresView } from '@kon/deres';
import { pastApi } from '../../replay/api';
import { historySteps, revealedDrawn } from './history';
import type { DrawnOrder } from './order-words';

export interface JustRevealed {
  /** The log index of the reveal: a new reveal is a new key (and its drawing appears anew). */
  key: number;
  drawn: DrawnOrder[];
}

export function useJustRevealed(G: DeresView, matchID?: string, token?: string): JustRevealed | null {
  const step = useMemo(() => {
    const s = historySteps(G.log).at(-1);
    return s?.kind === 'reveal' && s.first > 0 && s.events[0]?.t === 'reveal' ? s : null;
  }, [G.log]);
  // The board shown now and the one shown before the log last grew.
  const [boards, setBoards] = useState<{ now: DeresView; before: DeresView | null }>({ now: G, before: null });
  if (boards.now !== G) setBoards({ now: G, before: boards.now.log.length !== G.log.length ? boards.now : boards.before });
  const [asked, setAsked] = useState<{ first: number; G: DeresView } | null>(null);
  const first = step?.first ?? null;
  const known = boards.before?.log.length === first ? boards.before : asked?.first === first ? asked.G : null;
  useEffect(() => {
    if (first === null || known || !matchID || !token) return;
    let live = true;
    pastApi.boardAt(matchID, token, first - 1).then(
      (b) => live && setAsked({ first, G: b.G as unknown as DeresView }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [first, known, matchID, token]);
  return useMemo(() => (step && known ? { key: step.first, drawn: revealedDrawn(known, step) } : null), [step, known]);
}
