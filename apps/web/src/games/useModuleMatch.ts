/**
 * The live link to a match of any game module: one boardgame.io client (the seat's, or a
 * spectator's) on the game's own socket namespace, with the server's pushes beside it: the lobby
 * view, refusals, private lines between two seats (`kon:private`), the clock (`kon:clock`) and which
 * computer seats are thinking (`kon:thinking`). A seat's submission in a simultaneous step that
 * another seat's submission overtook is sent again (stale-resend.ts); a refusal's message lasts until
 * the state moves on. A game whose states carry only their move's log entries (G.log from G.logBase)
 * gets its whole log back here, pieced together with the history fetched from the log API, so that
 * its board reads the whole log in G.log.
 */
import { type Dispatch, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import type { Ctx } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import type { GameModule } from '@kon/platform';
import type { PrivateMessage, ServerPayload } from '@kon/protocol';
import { api, type ClockView, type MatchInfo } from '../api';
import { connectRefusal, shownRefusal, type SocketRefusal, socketRefusal } from '../game/socketRefusal';
import { EMPTY_LOG, mergeLog, missingFrom, shownLog, stateLog, type LogHistory } from '../game/logHistory';
import { mayResend, resendNow, sentMove, type SentMove } from './stale-resend';
import { reportState } from '../lessons/match-state';
import { gateMove } from '../lessons/gate';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

const SOCKET_OPTIONS = { transports: ['websocket', 'polling'], tryAllTransports: true };

export interface ModuleMatch {
  /** The state as this seat sees it (the module's view), null until the first one arrives. */
  G: unknown;
  ctx: Ctx | null;
  connected: boolean;
  lobby: MatchInfo | null;
  chat: { id: string; sender: string; payload: unknown }[];
  lines: PrivateMessage[];
  lastError: string | null;
  /** The seconds the last refusal asks to wait (a limit's), shown in its text. */
  lastWait?: number;
  /** The match's clock (null: no time controls, or not known yet). */
  clock: ClockView | null;
  /** playerID → a computer player is deciding for it now. */
  thinking: Record<string, boolean>;
  /** The game's own code of the last refusal (`rule`, kebab-case), when the server named one. */
  lastRule: string | null;
  move(name: string, ...args: unknown[]): void;
  sendChat(text: string): void;
  sendPrivate(to: string, text: string): void;
}

/**
 * Pieces the log together from the states' batches and the fetched history (logHistory.ts): give it
 * each state; it calls `keep` with each newer history.
 */
function logTaker(matchID: string, credentials: string, keep: (h: LogHistory) => void) {
  let log: LogHistory = EMPTY_LOG;
  let fetching = false;
  const take = (h: LogHistory) => {
    if (h === log) return;
    log = h;
    keep(h);
  };
  return (s: any) => {
    if (!Array.isArray(s?.G?.log)) return;
    const base: number = s.G.logBase ?? 0;
    take(stateLog(log, s._stateID ?? 0, base, s.G.log));
    const from = missingFrom(log, base);
    if (from === null || fetching) return;
    fetching = true;
    api
      .log(matchID, credentials, from)
      .then((r) => take(mergeLog(log, r.from, r.entries as never[])))
      .catch(() => {}) // the next state tries again
      .finally(() => {
        fetching = false;
      });
  };
}

/** The server's pushes beside the game's state: private lines, the clock, the computer seats thinking. */
function listenToPushes(
  socket: any,
  set: {
    setLines: Dispatch<SetStateAction<PrivateMessage[]>>;
    setClock: (c: ClockView | null) => void;
    setThinking: Dispatch<SetStateAction<Record<string, boolean>>>;
  },
) {
  socket?.on?.('kon:private', (line: PrivateMessage) => set.setLines((old) => (old.some((l) => l.id === line.id) ? old : [...old, line])));
  socket?.on?.('kon:clock', (v: ServerPayload<'kon:clock'>) => set.setClock(v));
  socket?.on?.('kon:thinking', (e: ServerPayload<'kon:thinking'>) => set.setThinking((old) => ({ ...old, [e.playerID]: e.thinking })));
}

export function useModuleMatch(
  module: GameModule | null,
  matchID: string,
  playerID: string | null,
  credentials: string | undefined,
  numPlayers: number,
): ModuleMatch {
  const [state, setState] = useState<{ G: unknown; ctx: Ctx } | null>(null);
  const [connected, setConnected] = useState(false);
  const [lobby, setLobby] = useState<MatchInfo | null>(null);
  const [chat, setChat] = useState<ModuleMatch['chat']>([]);
  const [lines, setLines] = useState<PrivateMessage[]>([]);
  const [refusal, setRefusal] = useState<SocketRefusal | null>(null);
  const [clock, setClock] = useState<ClockView | null>(null);
  const [thinking, setThinking] = useState<Record<string, boolean>>({});
  const [lastRule, setLastRule] = useState<string | null>(null);
  const [history, setHistory] = useState<LogHistory>(EMPTY_LOG);
  const client = useRef<any>(null);
  const sendMove = useRef<((name: string, args: unknown[]) => void) | null>(null);

  useEffect(() => {
    if (!module || !credentials) return;
    const c: any = Client({
      game: module.game,
      numPlayers,
      matchID,
      ...(playerID !== null ? { playerID } : {}),
      credentials,
      debug: false,
      multiplayer: SocketIO({ socketOpts: SOCKET_OPTIONS }),
    } as any);
    client.current = c;
    let current = true;
    setHistory(EMPTY_LOG);
    const takeLog = logTaker(matchID, credentials, (h) => current && setHistory(h));
    // The state a refusal was shown at: a newer state (this seat's next move accepted, or anyone's
    // move) ends its message; presence, chat and connection pushes do not.
    let refusedAt: number | null = null;
    const showRefusal = (r: SocketRefusal, rule: string | null) => {
      refusedAt = c.getState()?._stateID ?? -1;
      setRefusal(r);
      setLastRule(rule);
    };
    // The seat's last move, and whether a stale refusal of it waits for the newer state to send it again.
    let sent: SentMove | null = null;
    let resendWaiting = false;
    const tryResend = (s: any) => {
      if (!resendWaiting || !sent || playerID === null) return;
      const now = resendNow(module, playerID, sent, s);
      if (now === 'wait') return;
      resendWaiting = false;
      if (now === 'drop') return showRefusal({ code: 'stale_state' }, null);
      sent = { ...sent, stateID: s._stateID, resent: true };
      c.moves?.[sent.name]?.(...sent.args);
    };
    sendMove.current = (name, args) => {
      if (!gateMove(matchID, playerID, name, args)) return;
      sent = sentMove(module, playerID, name, args, c.getState());
      resendWaiting = false;
      c.moves?.[name]?.(...args);
    };
    c.subscribe((s: any) => {
      takeLog(s);
      if (s) reportState(matchID, s._stateID);
      if (s) setState({ G: s.G, ctx: s.ctx });
      if (s && refusedAt !== null && s._stateID > refusedAt) {
        refusedAt = null;
        setRefusal(null);
        setLastRule(null);
      }
      if (s) tryResend(s);
      setChat([...(c.chatMessages ?? [])]);
    });
    c.start();
    const socket = c.transport?.socket;
    socket?.on?.('kon:lobby', (v: ServerPayload<'kon:lobby'>) => setLobby(v));
    socket?.on?.('connect_error', (e: unknown) => {
      const code = connectRefusal(e);
      if (code) showRefusal({ code }, null);
    });
    socket?.on?.('kon:error', (e: ServerPayload<'kon:error'>) => {
      // Overtaken only by another seat's submission: sent again, no message (stale_state answers the
      // seat's latest move: moves are judged one at a time in the order they were sent).
      if (e?.code === 'stale_state' && mayResend(module, sent)) {
        resendWaiting = true;
        return tryResend(c.getState());
      }
      showRefusal(socketRefusal(e), typeof e?.rule === 'string' ? e.rule.replace(/_/g, '-') : null);
    });
    listenToPushes(socket, { setLines, setClock, setThinking });
    // Pushed on every change; asked for once at the start.
    api.clock(matchID, credentials).then(
      (r) => current && setClock(r.clock),
      () => {},
    );
    const refresh = () => setConnected(!!socket?.connected);
    socket?.on?.('connect', refresh);
    socket?.on?.('disconnect', refresh);
    return () => {
      current = false;
      c.stop();
      client.current = null;
      sendMove.current = null;
    };
  }, [module, matchID, playerID, credentials, numPlayers]);
  const log = useMemo(() => shownLog(history), [history]);
  const G = useMemo(() => {
    const g = state?.G ?? null;
    return isObject(g) && Array.isArray(g.log) ? { ...g, log } : g;
  }, [state, log]);

  return {
    G,
    ctx: state?.ctx ?? null,
    connected,
    lobby,
    chat,
    lines,
    ...shownRefusal(refusal),
    clock,
    thinking,
    lastRule,
    move: (name, ...args) => sendMove.current?.(name, args),
    sendChat: (text) => client.current?.sendChatMessage?.(text),
    sendPrivate: (to, text) => {
      const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      client.current?.transport?.socket?.emit?.('kon:private', matchID, { id, to, text });
    },
  };
}
