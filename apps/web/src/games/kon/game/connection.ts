/**
 * The live link to a match: one boardgame.io client per seat this browser commands (two in the
 * two-player plan: Norway and the Allies), or one spectator client. socket.io reconnects by itself;
 * on every reconnect the client asks the server for the state again.
 */
import { type Dispatch, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { KampenOmNorge, type FactionView, type LogEntry } from '@kon/game';
import type { AutopassSkip, ServerPayload } from '@kon/protocol';
import { api, type ClockView, type MatchInfo } from '../../../api';
import { connectRefusal, shownRefusal, type SocketRefusal, socketRefusal } from '../../../game/socketRefusal';
import { EMPTY_LOG, mergeLog, missingFrom, shownLog, stateLog, type LogHistory } from '../../../game/logHistory';
import { reportState } from '../../../lessons/match-state';
import { gateMove } from '../../../lessons/gate';

/**
 * A WebSocket from the start, long-polling only where WebSockets fail. socket.io's default starts on
 * long-polling and upgrades later: a tab closed before its upgrade left the server a polling socket
 * with no request open, which it noticed only at the ping timeout (20 s), so the others saw the
 * player online long after the tab was gone (the second seat of a two-seat player mostly).
 */
const SOCKET_OPTIONS = { transports: ['websocket', 'polling'], tryAllTransports: true };

export interface SeatState {
  playerID: string | null;
  G: FactionView | null;
  ctx: any;
  stateID: number;
  connected: boolean;
}
export interface ChatMsg {
  id: string;
  sender: string;
  payload: unknown;
}
export interface PlayerMeta {
  id: number;
  name?: string;
  isConnected?: boolean;
}
export interface MatchConnection {
  seats: SeatState[];
  connected: boolean;
  /** Has any client received a state yet? */
  synced: boolean;
  chat: ChatMsg[];
  players: PlayerMeta[];
  lastError: string | null;
  /** The seconds the last refusal asks to wait (a limit's), shown in its text. */
  lastWait?: number;
  /** playerID → true while a computer seat decides (the server's `kon:thinking`). */
  thinking: Record<string, boolean>;
  /** The game's log so far, oldest first (see logHistory.ts). */
  log: LogEntry[];
  /** The lobby view the server pushes (`kon:lobby`) on every join, leave, rename and presence change. */
  lobby: MatchInfo | null;
  /** The match's clock (null: no time controls, or not known yet). */
  clock: ClockView | null;
  /**
   * Whether the server passes for this browser's side where passing is all it can do (null: not
   * known yet, or a spectator). Asked on (re)connecting; the server pushes changes (`kon:autopass`).
   */
  autopass: boolean | null;
  /** The server passes for sides at all (it may be configured not to): the switch is shown only then. */
  autopassAvailable: boolean;
  /** The side's switch as the server just answered a change of it. */
  autopassSet(on: boolean): void;
  /** The repeated windows the side said "not this phase" to (the server passes them for it while its switch is on). */
  skips: AutopassSkip[];
  /** "Not this phase" (true) for the repeated window the side faces now, or "ask me each time" (false). */
  declineRepeated(notThisPhase: boolean): Promise<void>;
  /** Send a move; false when it was not sent (a lesson's gate kept it back: the lesson says why). */
  makeMove(playerID: string, move: string, args: unknown): boolean;
  sendChat(text: string): void;
}

type BgClient = ReturnType<typeof Client>;

/** The setters the socket listeners feed (all React state setters, so stable). */
interface SocketSinks {
  setRefusal(r: SocketRefusal): void;
  setLobby(v: MatchInfo): void;
  setThinking: Dispatch<SetStateAction<Record<string, boolean>>>;
  setClock(c: ClockView | null): void;
  setAutopass(on: boolean): void;
  setAutopassAvailable(on: boolean): void;
  setSkips(s: AutopassSkip[]): void;
  setSeats: Dispatch<SetStateAction<SeatState[]>>;
}

/**
 * Listens on the sockets boardgame.io opened for our server's own events (refusals, lobby, thinking,
 * clock, automatic passing) and for connection changes. `isCurrent` is false once the match was left.
 */
function listenToSockets(
  made: BgClient[],
  ids: (string | null)[],
  matchID: string,
  credentials: string,
  isCurrent: () => boolean,
  sinks: SocketSinks,
): void {
  const { setRefusal, setLobby, setThinking, setClock, setAutopass, setAutopassAvailable, setSkips, setSeats } = sinks;
  // Our server's own refusals arrive as `kon:error` on the socket boardgame.io opened.
  for (const client of made) {
    const socket = (client as any).transport?.socket;
    socket?.on?.('kon:error', (e: ServerPayload<'kon:error'>) => setRefusal(socketRefusal(e)));
    socket?.on?.('connect_error', (e: unknown) => {
      const code = connectRefusal(e);
      if (code) setRefusal({ code });
    });
    if (client === made[0]) socket?.on?.('kon:lobby', (v: ServerPayload<'kon:lobby'>) => setLobby(v));
    // Every client of this browser hears it; the first is enough.
    if (client === made[0])
      socket?.on?.('kon:thinking', (e: ServerPayload<'kon:thinking'>) => {
        if (typeof e?.playerID === 'string') setThinking((prev) => ({ ...prev, [e.playerID!]: !!e.thinking }));
      });
    // The clock is pushed on every change; on (re)connecting it is asked for once.
    socket?.on?.('kon:clock', (c: ServerPayload<'kon:clock'>) => setClock(c));
    socket?.on?.('connect', () =>
      api.clock(matchID, credentials).then(
        (r) => isCurrent() && setClock(r.clock),
        () => {},
      ),
    );
    // The side's own switch for automatic passing: members only (a seat's sockets hear its changes).
    if (client === made[0] && ids[0] !== null) {
      socket?.on?.('kon:autopass', (e: { on?: unknown; skips?: unknown }) => {
        if (typeof e?.on === 'boolean') setAutopass(e.on);
        if (Array.isArray(e?.skips)) setSkips(e.skips as AutopassSkip[]);
      });
      socket?.on?.('connect', () =>
        api.autopass(matchID, credentials).then(
          (r) => {
            if (!isCurrent()) return;
            setAutopass(r.available && r.on);
            setAutopassAvailable(r.available);
            setSkips(r.skips ?? []);
          },
          () => {},
        ),
      );
    }
    // Connection changes do not always reach subscribers: listen to the socket as well.
    const refresh = () => setSeats((prev) => prev.map((s, i) => (made[i] === client ? { ...s, connected: !!socket?.connected } : s)));
    socket?.on?.('connect', refresh);
    socket?.on?.('disconnect', refresh);
  }
}

export function useMatchConnection(matchID: string, playerIDs: string[] | null, credentials: string | undefined): MatchConnection {
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the seats themselves, so a new array of the same seats does not reconnect
  const ids = useMemo<(string | null)[]>(() => (playerIDs && playerIDs.length > 0 ? playerIDs : [null]), [playerIDs?.join(',')]);
  const [seats, setSeats] = useState<SeatState[]>(() =>
    ids.map((p) => ({ playerID: p, G: null, ctx: null, stateID: -1, connected: false })),
  );
  const [chat, setChat] = useState<ChatMsg[]>([]);
  const [players, setPlayers] = useState<PlayerMeta[]>([]);
  const [refusal, setRefusal] = useState<SocketRefusal | null>(null);
  const [lobby, setLobby] = useState<MatchInfo | null>(null);
  const [thinking, setThinking] = useState<Record<string, boolean>>({});
  const [clock, setClock] = useState<ClockView | null>(null);
  const [autopass, setAutopass] = useState<boolean | null>(null);
  const [autopassAvailable, setAutopassAvailable] = useState(false);
  const [skips, setSkips] = useState<AutopassSkip[]>([]);
  const clients = useRef<BgClient[]>([]);
  const [history, setHistory] = useState<LogHistory>(EMPTY_LOG);
  const historyRef = useRef<LogHistory>(EMPTY_LOG);
  const fetching = useRef(false);
  const log = useMemo(() => shownLog(history), [history]);

  useEffect(() => {
    if (!credentials) return;
    historyRef.current = EMPTY_LOG;
    setHistory(EMPTY_LOG);
    fetching.current = false;
    // A history answer that arrives after this match was left belongs to nobody.
    let current = true;
    const keep = (h: LogHistory) => {
      if (!current || h === historyRef.current) return;
      historyRef.current = h;
      setHistory(h);
    };
    // Fetch what came before the pieces the states carried; once at a time, again while holes remain.
    const fill = (knownUpTo: number) => {
      const from = missingFrom(historyRef.current, knownUpTo);
      if (from === null || fetching.current) return;
      fetching.current = true;
      api
        .log(matchID, credentials, from)
        .then((r) => keep(mergeLog(historyRef.current, r.from, r.entries as LogEntry[])))
        .catch(() => {}) // the next state tries again
        .finally(() => {
          if (current) fetching.current = false;
        });
    };
    const made = ids.map((playerID) =>
      Client({
        game: KampenOmNorge as any,
        numPlayers: 3,
        matchID,
        ...(playerID !== null ? { playerID } : {}),
        credentials,
        multiplayer: SocketIO({ socketOpts: SOCKET_OPTIONS }),
        debug: false,
      }),
    );
    clients.current = made;
    const unsubs = made.map((client, i) =>
      client.subscribe((state: any) => {
        if (state) reportState(matchID, state._stateID);
        const G = state?.G as FactionView | undefined;
        if (G && Array.isArray(G.log)) {
          const base = G.logBase ?? 0;
          keep(stateLog(historyRef.current, state._stateID ?? 0, base, G.log));
          fill(base);
        }
        setSeats((prev) => {
          const next = [...prev];
          next[i] = {
            playerID: ids[i] ?? null,
            G: (state?.G as FactionView) ?? prev[i]?.G ?? null,
            ctx: state?.ctx ?? prev[i]?.ctx ?? null,
            stateID: state?._stateID ?? -1,
            connected: !!state?.isConnected,
          };
          return next;
        });
        if (i === 0) {
          setChat([...((client as any).chatMessages ?? [])]);
          if (client.matchData) setPlayers(client.matchData as PlayerMeta[]);
        }
      }),
    );
    for (const client of made) client.start();
    listenToSockets(made, ids, matchID, credentials, () => current, {
      setRefusal,
      setLobby,
      setThinking,
      setClock,
      setAutopass,
      setAutopassAvailable,
      setSkips,
      setSeats,
    });
    return () => {
      current = false;
      for (const u of unsubs) u();
      for (const c of made) c.stop();
      clients.current = [];
    };
  }, [matchID, credentials, ids]);

  const connected = seats.length > 0 && seats.every((s) => s.connected);
  return {
    seats,
    connected,
    synced: seats.some((s) => s.G !== null),
    chat,
    players,
    ...shownRefusal(refusal),
    thinking,
    log,
    lobby,
    clock,
    autopass,
    autopassAvailable,
    autopassSet: setAutopass,
    skips,
    async declineRepeated(notThisPhase) {
      if (!credentials) return;
      const r = await api.declineRepeated(matchID, credentials, notThisPhase);
      setSkips(r.skips);
    },
    makeMove(playerID, move, args) {
      const client = clients.current[(ids as (string | null)[]).indexOf(playerID)];
      if (!client || !gateMove(matchID, playerID, move, args)) return false;
      setRefusal(null);
      (client.moves as Record<string, (a: unknown) => void>)[move]?.(args);
      return true;
    },
    sendChat(text) {
      const client = clients.current[0];
      if (!client || ids[0] === null) return;
      (client.sendChatMessage as (m: unknown) => void)(text);
    },
  };
}
