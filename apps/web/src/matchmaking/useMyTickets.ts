/**
 * The signed-in account's match-maker tickets, kept fresh by polling: the match maker answers from the
 * database, so a match made by any server process is seen, with no socket to keep.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api';
import { mmApi, type Ticket } from './api';

/** How often an open ticket is looked at again. */
const POLL_MS = 3_000;

/**
 * This account's tickets: read at once, when the tab comes back, and every few seconds while one waits;
 * `justMatched` is a ticket seen open that has turned matched.
 */
export function useMyTickets() {
  const [tickets, setTickets] = useState<Ticket[] | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  /** Tickets seen open, to tell when one turns matched. */
  const seenOpen = useRef(new Set<string>());
  const [justMatched, setJustMatched] = useState<Ticket | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await mmApi.mine();
      setSignedOut(false);
      for (const tk of list) {
        if (tk.status === 'matched' && tk.matchID && seenOpen.current.has(tk.id)) setJustMatched(tk);
        if (tk.status === 'open') seenOpen.current.add(tk.id);
        // Paired but its match not yet made: still to be announced when the match comes.
        else if (tk.status !== 'matched' || tk.matchID) seenOpen.current.delete(tk.id);
      }
      setTickets(list);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setSignedOut(true);
        setTickets([]);
        return;
      }
      // A failed look (a network blip, a restart) keeps what was shown, so an open ticket is still
      // polled and its match still announced; only the first look falls back to an empty list.
      setTickets((shown) => shown ?? []);
    }
  }, []);

  useEffect(() => {
    load();
    const onVisible = () => document.visibilityState === 'visible' && load();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [load]);
  const waiting = tickets?.some((x) => x.status === 'open' || (x.status === 'matched' && !x.matchID));
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(load, POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, load]);
  return { tickets, signedOut, setSignedOut, justMatched, setJustMatched, seenOpen, load };
}
