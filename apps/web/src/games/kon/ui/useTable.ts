/**
 * The board screen's state: which seats this page plays and which acts now (useSeats), and the
 * decisions open to it and how a move is sent (useMoves).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { actor as actorOf, legalMoves, type Faction, type FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { autoPassPending } from '../game/autopass';
import { toAdvancedChoices } from '../game/advancedChoices';
import { toChoices, type Choices } from '../game/choices';
import type { MatchConnection } from '../game/connection';
import { useActionState } from './action-state';
import { useAdvancedState } from './advanced-state';
import { FACTION_OF } from './seats';
import { useCancelledByTeammate } from './TeamNotice';

const EMPTY: Choices = toChoices([]);

export function useSeats(conn: MatchConnection, spectator: boolean, viewSeat: number) {
  const mine = useMemo(
    () => (spectator ? [] : conn.seats.map((s) => (s.playerID !== null ? FACTION_OF[s.playerID] : undefined)).filter(Boolean)) as Faction[],
    [conn.seats, spectator],
  );
  const anyG = conn.seats.find((s) => s.G)?.G ?? null;
  const actor = anyG ? actorOf(anyG as never) : null;
  // The seat that acts now if it is ours (two-player mode switches between Norway and the Allies).
  const actingSeat = conn.seats.find((s) => s.playerID !== null && actor && FACTION_OF[s.playerID] === actor.faction && s.G) ?? null;
  const shownSeat = actingSeat ?? conn.seats[viewSeat] ?? conn.seats[0]!;
  const G = (shownSeat.G ?? anyG) as FactionView | null;
  const handSeats = conn.seats.filter((s) => s.playerID !== null && !spectator);
  return { mine, actor, actingSeat, shownSeat, G, handSeats };
}
export type Seats = ReturnType<typeof useSeats>;

/** The moves open to the acting seat, as the panels offer them. */
function useLegal(seats: Seats, conn: MatchConnection, spectator: boolean) {
  const { actingSeat } = seats;
  const G = actingSeat?.G;
  const pid = actingSeat?.playerID;
  const ctx = actingSeat?.ctx;
  // The server passes for the seat in a moment (the seat could do nothing else): no decision is shown.
  const autoPassing = useMemo(
    () => autoPassPending(G, pid ? FACTION_OF[pid] : undefined, conn.autopass, spectator, conn.skips),
    [G, pid, conn.autopass, spectator, conn.skips],
  );
  const legal = useMemo(() => {
    if (!G || !pid || spectator || autoPassing) return [];
    try {
      return legalMoves(G as never, ctx as never, pid);
    } catch {
      return [];
    }
  }, [G, ctx, pid, spectator, autoPassing]);
  const choices = useMemo(() => (legal.length ? toChoices(legal) : EMPTY), [legal]);
  const adv = useMemo(() => toAdvancedChoices(legal), [legal]);
  return { autoPassing, choices, adv };
}

export function useMoves(conn: MatchConnection, seats: Seats, spectator: boolean) {
  const { actingSeat, shownSeat, G } = seats;
  const { autoPassing, choices, adv } = useLegal(seats, conn, spectator);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const stateKey = `${actingSeat?.playerID ?? '-'}:${actingSeat?.stateID ?? shownSeat.stateID}`;
  // A new state, or a refusal, ends the wait for the move just sent.
  const lastError = conn.lastError;
  useEffect(() => {
    void stateKey;
    void lastError;
    setSentAt(null);
  }, [stateKey, lastError]);
  const busy = sentAt !== null;
  // A move made while the connection is down is not sent (boardgame.io would queue it and the server
  // refuse it later, against a state that has moved on): the player is told why instead.
  const [notSent, setNotSent] = useState(false);
  useEffect(() => {
    if (conn.connected) setNotSent(false);
  }, [conn.connected]);
  const send = (move: string, args: unknown) => {
    if (!actingSeat?.playerID || busy) return;
    if (!conn.connected) return setNotSent(true);
    setSentAt(actingSeat.stateID);
    // Kept back (a lesson's wrong move): nothing to wait for.
    if (conn.makeMove(actingSeat.playerID, move, args) === false) setSentAt(null);
  };
  const undo = () => send('undo', {});
  const actions = useActionState(G, choices, send, stateKey);
  const advanced = useAdvancedState(adv, send, stateKey);
  const [cancelled, dismissCancelled] = useCancelledByTeammate(
    stateKey,
    actions.mode.kind !== 'idle' || advanced.mode.kind !== 'idle',
    busy,
  );
  const switched = useSwitchNote(seats);
  return { autoPassing, choices, adv, busy, notSent, send, undo, actions, advanced, cancelled, dismissCancelled, switched };
}
export type Moves = ReturnType<typeof useMoves>;

/** Two-player mode: say so when control passes to the other faction. */
function useSwitchNote({ mine, actingSeat }: Seats) {
  const { t } = useI18n();
  const [switched, setSwitched] = useState<Faction | null>(null);
  const lastActing = useRef<string | null>(null);
  const pid = actingSeat?.playerID ?? null;
  const several = mine.length > 1;
  useEffect(() => {
    if (several && pid && lastActing.current && pid !== lastActing.current) setSwitched(FACTION_OF[pid] ?? null);
    if (pid) lastActing.current = pid;
  }, [pid, several]);
  return switched ? t('twoPlayer.now', { f: t(`faction.${switched}`) }) : null;
}
