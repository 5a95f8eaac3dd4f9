/**
 * Where a match's state is, for the lesson overlay mounted around a game's page (GameMatchPage): the
 * game's page reports every state its client receives (`reportState`), the overlay follows it
 * (`useMatchStateID`). A lesson's step is the match's state id (docs/lessons.md), so a learner who
 * leaves and comes back is on the step the match is at.
 */
import { useEffect, useState } from 'react';

const EVENT = 'kon:match-state';
const last = new Map<string, number>();

export function reportState(matchID: string, stateID: unknown): void {
  if (typeof stateID !== 'number' || last.get(matchID) === stateID) return;
  last.set(matchID, stateID);
  window.dispatchEvent(new CustomEvent(EVENT, { detail: { matchID, stateID } }));
}

/** The state id the page last reported for a match (undefined: none yet). */
export function lastStateID(matchID: string): number | undefined {
  return last.get(matchID);
}

/** The match's state id as its page last received it (null: not yet). */
export function useMatchStateID(matchID: string): number | null {
  const [id, setId] = useState<number | null>(() => last.get(matchID) ?? null);
  useEffect(() => {
    const on = (e: Event) => {
      const d = (e as CustomEvent<{ matchID: string; stateID: number }>).detail;
      if (d.matchID === matchID) setId(d.stateID);
    };
    window.addEventListener(EVENT, on);
    setId(last.get(matchID) ?? null);
    return () => window.removeEventListener(EVENT, on);
  }, [matchID]);
  return id;
}
