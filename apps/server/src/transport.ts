import type http from 'node:http';
import { createRequire } from 'node:module';
import type { Game, Server as BgioServer, State } from 'boardgame.io';
import type Koa from 'koa';
import { Server as IOServer, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  chatMessage,
  gameRefusal,
  matchID as matchIDSchema,
  moveAction,
  playerID as playerIDSchema,
  type ErrorCode,
  type SERVER_EVENTS,
  type ServerEvent,
  type SocketRefusal,
} from '@kon/protocol';
import type { Lobby, Presence } from './lobby';
import type { KeyedMutex } from './lock';
import type { Logger } from './log';
import type { SqlStorage } from './storage';
import { diffJson } from './json-diff';
import { MoveRunner, type MoveAction } from './move-runner';
import { StaleStateError } from './storage';
import { ApiError } from './errors';
import type { Envelope, MatchBus } from './cluster/bus';
import { RemotePresence } from './cluster/presence';
import type { RedisPresenceBook } from './cluster/shared-presence';
import { BoundedMap } from './bounded-map';
import { secondsSince, type ServerMetrics } from './metrics';
import type { RateLimits } from './rate-limits';

const require = createRequire(import.meta.url);
const { Master } = require('boardgame.io/master') as typeof import('boardgame.io/master');
const { getFilterPlayerView } = require('boardgame.io/internal') as typeof import('boardgame.io/internal');

type Payload = { type: string; args: unknown[] };
type FilterFn = (playerID: string | null, payload: Payload) => Payload;

interface Binding {
  matchID: string;
  playerID: string | null;
  memberId?: string;
}

/** What one seat (or the spectators) was last sent, so the next update can be a small patch. */
interface SentView {
  stateID: number;
  view: State;
}

/**
 * A match being played: its state kept in memory between moves (the store is written once per
 * move and read only when a match wakes up), and the views last sent to each seat.
 */
interface LiveMatch {
  state: State;
  /** Dropped when the lobby changes the roster; read again at the next move. */
  metadata: BgioServer.MatchData | undefined;
  views: Map<string, SentView>;
}
const SPECTATORS = 'spectators';
/** Side records of when each member was last connected to a match. */
const SEEN = 'seen';

/**
 * Socket messages of at least `threshold` bytes are sent compressed (permessage-deflate): about 1 % of
 * updates (a combat's end with its log lines, the end of the 9. April turn), which then take ~1 KB
 * instead of 2–4 KB. Not more: ws compresses on libuv's thread pool, ten at a time, and a socket's
 * later messages wait for its compressed one; with a 1 KB threshold (~5 % of updates) 200 saturated
 * matches had a p99 of 1.7 s against 0.4 s uncompressed, for the same throughput. Messages are a few
 * KB at most, so a 1 KB window and a small memory level do nearly as well as zlib's defaults while
 * each socket's compressor holds ~12 KB instead of ~256 KB.
 */
export const WIRE_DEFLATE = {
  threshold: 2000,
  serverMaxWindowBits: 10,
  serverNoContextTakeover: true,
  zlibDeflateOptions: { memLevel: 4 },
} as const;

export interface TransportOptions {
  storage: SqlStorage;
  lobby: Lobby;
  lock: KeyedMutex;
  log: Logger;
  origins: string[];
  maxMessageBytes: number;
  /** The server's request limits; the transport uses the per-socket one. */
  limits: RateLimits;
  /**
   * The game's own judgement of a move before the master runs it (own move name, exact arguments,
   * legal now): a refused move then reaches neither the game nor storage, and its sender hears why.
   */
  checkMove?: MoveCheck;
  /** The other server processes (REDIS_URL); without it this process is the only one. */
  bus?: MatchBus;
  /** Counts moves, their time and refusals for GET /metrics. */
  metrics?: ServerMetrics;
  /** Who is connected through every process (REDIS_URL), for decisions about someone's absence. */
  sharedPresence?: Pick<RedisPresenceBook, 'report' | 'read'>;
}

export type MoveOutcome =
  | { ok: true; stateID: number }
  | { ok: false; code: ErrorCode; message?: string; fields?: Record<string, unknown> /** illegal_move: the rule broken */; rule?: string };

/** A move that was stored and sent: what listeners (bots, clocks, notifications) react to. */
export interface MoveCommitted {
  matchID: string;
  playerID: string;
  by: 'player' | 'server';
  move: { type: string; args: unknown[] };
  /** The match's whole state after the move (server-side only: never send it as is). */
  state: State;
}
export type MoveListener = (event: MoveCommitted) => void;

/** `origin` 'server' lets through the game's server-only moves (a clock's loss on time); a socket's moves are always 'player'. */
export type MoveCheck = (
  G: any,
  playerID: string,
  type: unknown,
  args: unknown,
  origin: 'player' | 'server',
) => { code: string; message: string } | null;

const credSchema = z.string().min(1).max(200).optional();
// The move (`update`) and `chat` payloads a client may send are the protocol's (moveAction, chatMessage).

/**
 * Our replacement for boardgame.io's SocketIO transport (passed to Server as `transport`). Moves run
 * through boardgame.io's reducer (move-runner.ts) but not its Master, whose move path broadcasts before
 * it stores. Here a move is checked by the game, computed, stored in one durable write, and only then
 * sent: to each socket as a patch against the view it holds. It also closes the holes of 0.50.2:
 *  - `sync` never creates a match and never sends the unfiltered initialState;
 *  - only MAKE_MOVE passes, for the playerID the socket authenticated as (no UPDATE/RESET/PATCH/UNDO/
 *    REDO/PLUGIN/GAME_EVENT, no acting as another playerID in the payload);
 *  - spectators (playerID null) need a spectator or member token of a private match and can never act;
 *  - CORS and the Origin of the handshake follow ORIGINS; message size and rate are limited;
 *  - socket.io 4 / engine.io 6 / ws 8 instead of koa-socket-2's socket.io 3 / ws 7.4.6 (CVE-2024-37890);
 *  - every action on a match runs under the same per-match lock as the lobby, so shutdown can drain it.
 */
export class HardenedTransport {
  private games: Game[] = [];
  private app!: Koa;
  io: IOServer | undefined;
  private bindings = new Map<Socket, Binding>();
  private rooms = new Map<string, Set<Socket>>();
  private live = new Map<string, LiveMatch>();
  /** The state ID each socket was last sent: a patch goes only to a socket that holds its base. */
  private sentStateID = new WeakMap<Socket, number>();
  private runners = new Map<Game, MoveRunner>();
  private filters = new Map<Game, FilterFn>();
  private moveListeners: MoveListener[] = [];
  private leftListeners: ((matchID: string, memberId: string) => void)[] = [];
  private remote = new RemotePresence();
  /** Moves from other processes that arrived before the one they follow (see applyRemoteMove). */
  private early = new Map<string, { msgs: Extract<Envelope, { t: 'move' }>[]; timer: NodeJS.Timeout }>();
  /**
   * Per match, when each member's last socket went (presence: "away for 5 min"). Kept in the store
   * too (side kind `seen`), read back the first time a match's presence is asked for after a start.
   */
  private lastSeen = new BoundedMap<string, Map<string, number>>(20_000);
  private seenLoaded = new BoundedMap<string, true>(20_000);
  /** Refuses a player's move for a seat that is not theirs to play now (a computer holds it); set by the bots. */
  playerMoveGuard: (matchID: string, playerID: string) => Promise<{ code: ErrorCode; message: string } | null> = async () => null;
  /**
   * Waits, before a seat's move from its socket is judged, for as long as the server holds that move
   * back: a pass clicked sooner than the window's drawn delay (autopass/service.ts). Runs outside the
   * match's lock; the move is then made against the state the seat saw, or refused as stale.
   */
  passHold: (matchID: string, playerID: string, stateID: number, move: { type: string; args: unknown[] }) => Promise<void> = async () => {};
  private closing = false;
  private readonly log: Logger;

  constructor(private readonly opts: TransportOptions) {
    this.log = opts.log.child({ component: 'socket' });
    const bus = opts.bus;
    if (bus) {
      bus.onMessage((m) => this.onBusMessage(m));
      bus.onProcessGone((id) => {
        for (const [matchID, left] of this.remote.dropProcess(id)) {
          for (const member of left) this.markSeen(matchID, member);
          void this.broadcastMatchData(matchID);
        }
      });
    }
  }

  /** Called by boardgame.io's Server(); the socket server is attached later, in attach(). */
  init(app: Koa, games: Game[]) {
    this.app = app;
    this.games = games;
  }

  get presence(): Presence {
    return {
      members: (matchID) => new Set([...this.localPresence(matchID).members, ...this.remote.members(matchID)]),
      spectators: (matchID) => this.localPresence(matchID).spectators + this.remote.spectators(matchID),
      awaySince: (matchID) => {
        this.loadSeen(matchID);
        return new Map(this.lastSeen.get(matchID) ?? []);
      },
      rosterChanged: (matchID, removed) => {
        this.opts.bus?.publish({ t: 'roster', matchID, removed });
        this.applyRoster(matchID, removed);
      },
      whereabouts: (matchID) => this.whereabouts(matchID),
    };
  }

  /**
   * Who is connected to the match through any process, and when each member was last: this process's
   * sockets and what every process wrote to Redis (a process with no socket in a match hears nothing
   * of its presence messages), and the "last seen" times stored in the database and kept here.
   */
  private async whereabouts(matchID: string) {
    const [shared, stored] = await Promise.all([this.opts.sharedPresence?.read(matchID), this.opts.storage.listSide(SEEN, matchID)]);
    const connected = new Set([...this.localPresence(matchID).members, ...(shared?.connected ?? [])]);
    const lastSeen = new Map<string, number>();
    const saw = (id: string, at: number) => lastSeen.set(id, Math.max(at, lastSeen.get(id) ?? 0));
    for (const r of stored) saw(r.key, (r.data as { at: number }).at);
    for (const [id, at] of shared?.lastSeen ?? []) saw(id, at);
    for (const [id, at] of this.lastSeen.get(matchID) ?? []) saw(id, at);
    return { connected, lastSeen };
  }

  /** Who is connected to the match through this process. */
  private localPresence(matchID: string) {
    const members = new Set<string>();
    const playerIDs = new Set<string>();
    let spectators = 0;
    for (const sock of this.rooms.get(matchID) ?? []) {
      const b = this.bindings.get(sock);
      if (!b) continue;
      if (b.memberId) members.add(b.memberId);
      if (b.playerID === null) spectators++;
      else playerIDs.add(b.playerID);
    }
    return { members: [...members], playerIDs: [...playerIDs], spectators };
  }

  private applyRoster(matchID: string, removed: string[]) {
    const live = this.live.get(matchID);
    if (live) live.metadata = undefined;
    for (const sock of [...(this.rooms.get(matchID) ?? [])]) {
      const b = this.bindings.get(sock);
      if (b?.memberId && removed.includes(b.memberId)) {
        this.unbind(sock);
        sock.emit('kon:error', { code: 'left_match' } satisfies SocketRefusal);
        sock.disconnect(true);
      }
    }
    void this.broadcastMatchData(matchID);
  }

  private originAllowed(origin: string | undefined, host: string | undefined): boolean {
    if (!origin) return true; // not a browser cross-origin request (CLI, server-to-server)
    if (this.opts.origins.includes(origin)) return true;
    try {
      return host !== undefined && new URL(origin).host === host; // same origin as the page we serve
    } catch {
      return false;
    }
  }

  attach(httpServer: http.Server) {
    const io = new IOServer(httpServer, {
      serveClient: false,
      maxHttpBufferSize: this.opts.maxMessageBytes,
      pingInterval: 10_000,
      pingTimeout: 20_000,
      // Most updates are patches of a few hundred bytes; the few larger ones (a combat's end with its
      // log lines, the end of the 9. April turn) are deflated on the wire.
      perMessageDeflate: WIRE_DEFLATE,
      cors: { origin: this.opts.origins, methods: ['GET', 'POST'], credentials: false },
      allowRequest: (req, cb) => {
        const ok = this.originAllowed(req.headers.origin, req.headers.host);
        if (!ok) this.log.warn('socket origin refused', { origin: req.headers.origin });
        cb(ok ? null : 'origin not allowed', ok);
      },
    });
    this.io = io;
    for (const game of this.games) {
      const filter = this.filterOf(game);
      io.of(`/${game.name}`).on('connection', (socket) => this.onConnection(game, filter, socket));
    }
  }

  private onConnection(game: Game, filter: FilterFn, socket: Socket) {
    const limited = async () => {
      const { verdict, first } = await this.opts.limits.socketMessage(socket.id);
      if (verdict === 'ok') return false;
      if (first) this.log.warn('socket rate limit', { socket: socket.id });
      socket.emit('kon:error', { code: 'rate_limited' } satisfies SocketRefusal);
      return true;
    };
    socket.on('disconnect', () => this.opts.limits.socketClosed(socket.id));
    const refuse = (code: ErrorCode, fields: Record<string, unknown> = {}, message?: string, rule?: string) => {
      this.opts.metrics?.refusal(code);
      this.log.warn('socket action refused', { code, ...(rule ? { rule } : {}), socket: socket.id, ...fields });
      const refusal: SocketRefusal = { code, ...(message ? { message } : {}), ...(rule ? { rule } : {}) };
      socket.emit('kon:error', refusal);
    };
    const guard = (name: string, fn: (...args: unknown[]) => Promise<void>) => {
      socket.on(name, (...args: unknown[]) => {
        if (this.closing) return refuse('shutting_down');
        // The per-socket counter answers at once (it lives in this process), so messages keep their order.
        limited()
          .then((over) => (over ? undefined : fn(...args)))
          .catch((e: unknown) => this.log.error('socket handler failed', { event: name, err: e }));
      });
    };

    guard('sync', async (...args) => {
      const matchID = matchIDSchema.safeParse(args[0]);
      const playerIDRaw = args[1] === undefined ? null : args[1];
      const playerID = playerIDRaw === null ? null : playerIDSchema.safeParse(playerIDRaw);
      const creds = credSchema.safeParse(args[2] ?? undefined);
      if (!matchID.success || (playerID !== null && !playerID.success) || !creds.success) return refuse('bad_sync');
      const id = matchID.data;
      const pid = playerID === null ? null : playerID.data;
      await this.opts.lock.run(id, async () => {
        // One read: the state too, unless the match is already in memory.
        // With other processes, a match held in memory may have missed a message: read it anyway.
        const held = this.live.get(id);
        const cached = this.opts.bus ? undefined : held;
        const stored = await this.opts.storage.fetch(id, { initialState: true, metadata: true, state: !cached });
        const { initialState, metadata } = stored;
        const live =
          cached ??
          (held && stored.state && held.state._stateID >= stored.state._stateID ? held : undefined) ??
          (stored.state ? { state: stored.state, metadata, views: new Map<string, SentView>() } : undefined);
        // Never create a match on demand: only the lobby creates matches.
        if (!live || !metadata || !initialState) return refuse('match_not_found');
        let memberId: string | undefined;
        if (pid === null) {
          if (!(await this.opts.lobby.canSpectate(id, creds.data))) return refuse('unauthorized');
        } else {
          if (!(await this.authentic(pid, creds.data, metadata))) return refuse('unauthorized', { matchID: id, playerID: pid });
          memberId = await this.opts.lobby.memberFor(id, pid, creds.data);
        }
        this.unbind(socket);
        this.bind(socket, { matchID: id, playerID: pid, ...(memberId ? { memberId } : {}) });
        this.live.set(id, live);
        // boardgame.io's action log is not sent: it grows with the game and no view needs it. The
        // game's own log comes in pieces with every state (G.log from G.logBase) and its history
        // from GET /api/matches/:id/log.
        const filtered = filter(pid, {
          type: 'sync',
          args: [id, { state: live.state, log: [], filteredMetadata: this.publicMetadata(id, metadata), initialState }],
        });
        // boardgame.io's filter leaves initialState (all hands, decks, seed, PRNG state) untouched: filter it too.
        const info = filtered.args[1] as { initialState: State; state: State };
        info.initialState = filter(pid, { type: 'update', args: [id, initialState] }).args[1] as State;
        live.views.set(pid ?? SPECTATORS, { stateID: live.state._stateID, view: info.state });
        this.sentStateID.set(socket, live.state._stateID);
        socket.emit('sync', ...filtered.args);
      });
      void this.broadcastMatchData(id);
    });

    guard('update', async (...args) => {
      const [rawAction, rawStateID, rawMatchID, rawPlayerID] = args;
      const b = this.bindings.get(socket);
      const action = moveAction.safeParse(rawAction);
      if (!b) return refuse('not_synced');
      if (b.playerID === null) return refuse('spectator_cannot_act', { matchID: b.matchID });
      if (!action.success) return refuse('only_moves_allowed', { matchID: b.matchID });
      if (rawMatchID !== b.matchID || rawPlayerID !== b.playerID || action.data.payload.playerID !== b.playerID)
        return refuse('wrong_seat', { matchID: b.matchID });
      if (typeof rawStateID !== 'number' || !Number.isInteger(rawStateID)) return refuse('bad_state_id');
      const { type, args: moveArgs } = action.data.payload;
      await this.passHold(b.matchID, b.playerID, rawStateID, { type, args: moveArgs ?? [] });
      const outcome = await this.submitMove(
        b.matchID,
        b.playerID,
        { type, args: moveArgs ?? [] },
        {
          by: 'player',
          stateID: rawStateID,
          ...(action.data.payload.credentials !== undefined ? { credentials: action.data.payload.credentials } : {}),
        },
      );
      if (!outcome.ok) refuse(outcome.code, { matchID: b.matchID, ...outcome.fields }, outcome.message, outcome.rule);
    });

    guard('chat', async (...args) => {
      const [rawMatchID, rawChat, rawCreds] = args;
      const b = this.bindings.get(socket);
      const msg = chatMessage.safeParse(rawChat);
      if (!b || b.playerID === null) return refuse('spectator_cannot_chat');
      if (!msg.success || rawMatchID !== b.matchID || msg.data.sender !== b.playerID) return refuse('bad_chat');
      const api = this.transportAPI(b.matchID, socket, filter);
      const bus = this.opts.bus;
      if (bus) {
        const sendAll = api.sendAll;
        api.sendAll = (payload) => {
          sendAll(payload);
          if (payload.type === 'chat') bus.publish({ t: 'chat', matchID: b.matchID, payload });
        };
      }
      const master = new Master(game, this.opts.storage, api, this.app.context.auth);
      await master.onChatMessage(b.matchID, msg.data, typeof rawCreds === 'string' ? rawCreds : undefined);
    });

    socket.on('disconnect', () => {
      const b = this.unbind(socket);
      if (b?.memberId) {
        this.markSeen(b.matchID, b.memberId);
        // A server going down closes every socket; nobody left.
        if (!this.closing && !this.presence.members(b.matchID).has(b.memberId)) this.memberLeft(b.matchID, b.memberId);
      }
      if (b && !this.closing) void this.broadcastMatchData(b.matchID);
    });
  }

  /** Called after every stored and published move (bots, clocks and notifications listen here). */
  onMoveCommitted(listener: MoveListener) {
    this.moveListeners.push(listener);
  }

  /** Called when a member's last socket at a match (on any process) closes. */
  onMemberLeft(listener: (matchID: string, memberId: string) => void) {
    this.leftListeners.push(listener);
  }

  private memberLeft(matchID: string, memberId: string) {
    const at = this.lastSeen.get(matchID)?.get(memberId) ?? Date.now();
    this.opts.storage
      .putSide(matchID, SEEN, memberId, { at })
      .catch((e: unknown) => this.log.warn('presence not stored', { matchID, err: e }));
    for (const l of this.leftListeners) {
      try {
        l(matchID, memberId);
      } catch (e) {
        this.log.error('member-left listener failed', { matchID, err: e });
      }
    }
  }

  /**
   * The one way a move enters a match, whoever makes it: a player's socket, a computer seat or the
   * server's clock. Under the match's lock: the game's check, boardgame.io's reducer, one durable write,
   * then the patches to every socket, then the listeners. A player's move must be made against the
   * match's current state and carry credentials for its seat; a server-made move is trusted for its
   * seat but is otherwise judged exactly like a player's.
   */
  async submitMove(
    matchID: string,
    playerID: string,
    move: { type: string; args: unknown[] },
    opts: { by: 'player' | 'server'; stateID?: number; credentials?: string },
  ): Promise<MoveOutcome> {
    const game = this.games[0];
    if (!game) return { ok: false, code: 'no_game' };
    const filter = this.filterOf(game);
    const started = process.hrtime.bigint();
    const outcome = await this.opts.lock
      .run(matchID, async (): Promise<MoveOutcome> => this.submitLocked(game, filter, matchID, playerID, move, opts))
      .catch((e: unknown): MoveOutcome => {
        if (e instanceof ApiError && e.code === 'match_busy') return { ok: false, code: e.code, message: e.message };
        throw e;
      });
    this.opts.metrics?.move(opts.by, outcome.ok ? 'ok' : outcome.code, secondsSince(started));
    return outcome;
  }

  private async submitLocked(
    game: Game,
    filter: FilterFn,
    matchID: string,
    playerID: string,
    move: { type: string; args: unknown[] },
    opts: { by: 'player' | 'server'; stateID?: number; credentials?: string },
  ): Promise<MoveOutcome> {
    const { type, args } = move;
    const live = await this.liveMatch(matchID);
    if (!live) return { ok: false, code: 'match_not_found' };
    // A move made against an older state than the match's is stale: the client must resync.
    if (opts.stateID !== undefined && live.state._stateID !== opts.stateID)
      return { ok: false, code: 'stale_state', message: 'the game has moved on; your view is being updated' };
    // The move is judged and run against this state. Another process's move may replace live.state
    // during the awaits below (applyRemoteMove runs outside this lock); judged against that newer
    // state, this move was refused as though made there ('not-your-turn' instead of 'stale_state').
    // Against the state it was made for, its write fails the store's check and it is stale.
    const state = live.state;
    const metadata = (live.metadata ??= (await this.opts.storage.fetch(matchID, { metadata: true })).metadata);
    if (!metadata) return { ok: false, code: 'match_not_found' };
    if (opts.by === 'player' && !(await this.authentic(playerID, opts.credentials, metadata)))
      return { ok: false, code: 'unauthorized', fields: { playerID } };
    const held = opts.by === 'player' ? await this.playerMoveGuard(matchID, playerID) : null;
    if (held) return { ok: false, code: held.code, message: held.message, fields: { playerID } };
    const refusal = this.opts.checkMove?.(state.G, playerID, type, args, opts.by);
    // The game's codes (kebab-case, e.g. not-your-turn) in the protocol's table.
    if (refusal) return { ok: false, ...gameRefusal(refusal.code), message: refusal.message, fields: { move: type.slice(0, 64) } };
    const action: MoveAction = { type: 'MAKE_MOVE', payload: { type, args, playerID } };
    const result = this.runner(game).run(state, metadata, action, playerID);
    if ('error' in result) return { ok: false, code: 'refused', fields: { reason: result.error } };
    const ended = result.state.ctx.gameover !== undefined;
    try {
      // Durable before anyone hears of it: a crash after this line loses nothing a player saw.
      await this.opts.storage.commitMove(matchID, {
        state: result.state,
        deltalog: result.deltalog,
        // The roster lives in the metadata and the lobby owns it; a move changes it only by ending the game.
        ...(ended ? { metadata: result.metadata } : {}),
      });
    } catch (e) {
      this.live.delete(matchID); // read the store again at the next move
      if (e instanceof StaleStateError) {
        // Another process stored a move of this match first (possible only with REDIS_URL): this
        // move was made against an old state. Bring this process's sockets up to date.
        await this.catchUp(matchID, filter);
        return { ok: false, code: 'stale_state', message: 'the game has moved on; your view is being updated' };
      }
      this.log.error('move not stored', { matchID, err: e });
      return { ok: false, code: 'not_stored', message: 'the move could not be saved; try again' };
    }
    const prevStateID = live.state._stateID;
    // A newer move from another process may have arrived while this one was being written (it was
    // made after ours was stored): this process's sockets already have the newer state.
    if (live.state._stateID < result.state._stateID) {
      live.state = result.state;
      live.metadata = result.metadata;
      this.publish(matchID, live, prevStateID, filter);
    }
    this.opts.bus?.publish({ t: 'move', matchID, prevStateID, stateID: result.state._stateID, state: result.state, gameover: ended });
    const event: MoveCommitted = { matchID, playerID, by: opts.by, move: { type, args }, state: result.state };
    for (const l of this.moveListeners) {
      try {
        l(event);
      } catch (e) {
        this.log.error('move listener failed', { matchID, err: e });
      }
    }
    return { ok: true, stateID: result.state._stateID };
  }

  /** Read the match from the store and send it to this process's sockets that are behind. */
  private async catchUp(matchID: string, filter: FilterFn) {
    const { state, metadata } = await this.opts.storage.fetch(matchID, { state: true, metadata: true });
    if (!state || !this.rooms.has(matchID)) return;
    // The bus may have brought the newer move meanwhile.
    const held = this.live.get(matchID);
    if (held && held.state._stateID >= state._stateID) return;
    const live: LiveMatch = { state, metadata, views: new Map() };
    this.live.set(matchID, live);
    this.publish(matchID, live, -1, filter); // no view kept: every socket gets the whole state
  }

  private onBusMessage(m: Envelope) {
    switch (m.t) {
      case 'move':
        return this.applyRemoteMove(m);
      case 'presence':
        for (const left of this.remote.set(m.matchID, m.from, m)) this.markSeen(m.matchID, left);
        return void this.broadcastMatchData(m.matchID);
      case 'hello':
        return this.announcePresence(m.matchID);
      case 'roster':
        return this.applyRoster(m.matchID, m.removed);
      case 'chat': {
        const filter = this.games[0] && this.filterOf(this.games[0]);
        if (!filter) return;
        for (const sock of this.rooms.get(m.matchID) ?? []) {
          const b = this.bindings.get(sock);
          if (!b) continue;
          const out = filter(b.playerID, m.payload);
          sock.emit(out.type, ...out.args);
        }
      }
    }
  }

  /**
   * A move another process stored: send it on to this process's sockets, in order. Two processes can
   * publish moves of one match in the other order than they were stored (B stores N+1 after reading N
   * from the database, before A's message about N arrived), so a move whose predecessor has not
   * arrived waits for it a little; if it never comes the sockets get the whole newer state instead.
   */
  private applyRemoteMove(m: Extract<Envelope, { t: 'move' }>) {
    const game = this.games[0];
    if (!game || !this.rooms.has(m.matchID)) return; // nobody here watches it; the store has it
    const live = this.live.get(m.matchID);
    if (!live) {
      // Dropped after a failed write here: start again from this state, whole to every socket.
      const fresh: LiveMatch = { state: m.state as State, metadata: undefined, views: new Map() };
      this.live.set(m.matchID, fresh);
      return this.publish(m.matchID, fresh, -1, this.filterOf(game));
    }
    if (m.stateID <= live.state._stateID) return;
    if (m.prevStateID > live.state._stateID) {
      let e = this.early.get(m.matchID);
      if (!e) {
        const timer = setTimeout(() => this.flushEarly(m.matchID, true), 250);
        timer.unref();
        this.early.set(m.matchID, (e = { msgs: [], timer }));
      }
      e.msgs.push(m);
      return;
    }
    const prevStateID = live.state._stateID;
    live.state = m.state as State;
    if (m.gameover) live.metadata = undefined; // read the final metadata again at the next need
    this.publish(m.matchID, live, prevStateID, this.filterOf(game));
    this.flushEarly(m.matchID, false);
  }

  private flushEarly(matchID: string, force: boolean) {
    const e = this.early.get(matchID);
    if (!e) return;
    const live = this.live.get(matchID);
    e.msgs.sort((a, b) => a.stateID - b.stateID);
    const next = e.msgs.find((x) => live && (force || x.prevStateID === live.state._stateID) && x.stateID > live.state._stateID);
    if (!next) {
      if (force) {
        clearTimeout(e.timer);
        this.early.delete(matchID);
      }
      return;
    }
    e.msgs = e.msgs.filter((x) => x !== next);
    if (e.msgs.length === 0) {
      clearTimeout(e.timer);
      this.early.delete(matchID);
    }
    this.applyRemoteMove({ ...next, prevStateID: force ? live!.state._stateID : next.prevStateID });
  }

  /** Tell the other processes who is connected to the match through this one. */
  private announcePresence(matchID: string) {
    const here = this.localPresence(matchID);
    this.opts.bus?.publish({ t: 'presence', matchID, ...here });
    this.opts.sharedPresence?.report(matchID, here.members);
  }

  /**
   * A server event (not a game update) to every socket watching the match, seats and spectators
   * alike, so public data only: a computer seat thinking, a clock's time.
   */
  emitToMatch<E extends ServerEvent>(matchID: string, event: E, payload: z.input<(typeof SERVER_EVENTS)[E]>) {
    for (const sock of this.rooms.get(matchID) ?? []) sock.emit(event, payload);
  }

  /** A server event to the sockets of these seats only (on this process): a seat's own settings. */
  emitToSeat<E extends ServerEvent>(matchID: string, playerIDs: readonly string[], event: E, payload: z.input<(typeof SERVER_EVENTS)[E]>) {
    for (const sock of this.rooms.get(matchID) ?? []) {
      const b = this.bindings.get(sock);
      if (b?.playerID != null && playerIDs.includes(b.playerID)) sock.emit(event, payload);
    }
  }

  /** The match's current state (from memory or the store), for server-side deciders such as bots and clocks. */
  async currentState(matchID: string): Promise<State | undefined> {
    return this.opts.lock.run(matchID, async () => (await this.liveMatch(matchID))?.state);
  }

  private filterOf(game: Game): FilterFn {
    let f = this.filters.get(game);
    if (!f) this.filters.set(game, (f = getFilterPlayerView(game) as unknown as FilterFn));
    return f;
  }

  private bind(socket: Socket, b: Binding) {
    this.bindings.set(socket, b);
    let room = this.rooms.get(b.matchID);
    if (!room) {
      this.rooms.set(b.matchID, (room = new Set()));
      this.opts.bus?.watch(b.matchID);
    }
    room.add(socket);
    this.announcePresence(b.matchID);
  }

  private unbind(socket: Socket): Binding | undefined {
    const b = this.bindings.get(socket);
    if (!b) return undefined;
    this.bindings.delete(socket);
    const room = this.rooms.get(b.matchID);
    room?.delete(socket);
    if (room && room.size === 0) {
      this.rooms.delete(b.matchID);
      // Nobody is watching: the store has every move, so memory need not keep the match.
      this.live.delete(b.matchID);
    }
    this.announcePresence(b.matchID);
    if (room && room.size === 0) {
      this.opts.bus?.unwatch(b.matchID);
      this.remote.forget(b.matchID);
    }
    return b;
  }

  private transportAPI(matchID: string, socket: Socket, filter: FilterFn) {
    return {
      send: ({ playerID, ...data }: { playerID: string | null } & Payload) => {
        const out = filter(playerID, data);
        socket.emit(out.type, ...out.args);
      },
      sendAll: (payload: Payload) => {
        for (const sock of this.rooms.get(matchID) ?? []) {
          const b = this.bindings.get(sock);
          if (!b) continue;
          const out = filter(b.playerID, payload);
          sock.emit(out.type, ...out.args);
        }
      },
    };
  }

  private runner(game: Game): MoveRunner {
    let r = this.runners.get(game);
    if (!r) this.runners.set(game, (r = new MoveRunner(game)));
    return r;
  }

  private async authentic(playerID: string, credentials: string | undefined, metadata: BgioServer.MatchData): Promise<boolean> {
    const auth = this.app.context.auth as {
      authenticateCredentials(a: { playerID: string; credentials?: string; metadata: BgioServer.MatchData }): Promise<boolean> | boolean;
    };
    return auth.authenticateCredentials({ playerID, ...(credentials !== undefined ? { credentials } : {}), metadata });
  }

  /** The match in memory, read from the store when it wakes up. Call under the match's lock. */
  private async liveMatch(matchID: string): Promise<LiveMatch | undefined> {
    const cached = this.live.get(matchID);
    if (cached) return cached;
    const { state, metadata } = await this.opts.storage.fetch(matchID, { state: true, metadata: true });
    if (!state) return undefined;
    const live: LiveMatch = { state, metadata, views: new Map() };
    // Only matches someone is connected to stay in memory (see unbind).
    if (this.rooms.has(matchID)) this.live.set(matchID, live);
    return live;
  }

  /**
   * Send the new state to every socket of the match, each as its seat may see it: a patch against
   * the view that socket was last sent when it holds it (a few hundred bytes), else the whole view.
   * Each seat's view and patch are computed once, however many sockets share the seat.
   */
  private publish(matchID: string, live: LiveMatch, prevStateID: number, filter: FilterFn) {
    const stateID = live.state._stateID;
    const out = new Map<string, { view: State; patch: unknown[] | undefined }>();
    for (const sock of this.rooms.get(matchID) ?? []) {
      const b = this.bindings.get(sock);
      if (!b) continue;
      const key = b.playerID ?? SPECTATORS;
      let o = out.get(key);
      if (!o) {
        const view = filter(b.playerID, { type: 'update', args: [matchID, live.state] }).args[1] as State;
        const last = live.views.get(key);
        o = { view, patch: last && last.stateID === prevStateID ? diffJson(last.view, view) : undefined };
        live.views.set(key, { stateID, view });
        out.set(key, o);
      }
      // boardgame.io's action log stays on the server (see sync).
      if (o.patch && this.sentStateID.get(sock) === prevStateID) sock.emit('patch', matchID, prevStateID, stateID, o.patch, []);
      else sock.emit('update', matchID, o.view, []);
      this.sentStateID.set(sock, stateID);
    }
  }

  /** Player list as boardgame.io clients expect it: names and who is connected, never credentials. */
  private publicMetadata(matchID: string, metadata: BgioServer.MatchData) {
    const online = new Set([...this.localPresence(matchID).playerIDs, ...this.remote.playerIDs(matchID)]);
    return Object.values(metadata.players).map((p) => ({
      id: p.id,
      ...(p.name !== undefined ? { name: p.name } : {}),
      isConnected: online.has(String(p.id)),
    }));
  }

  private async broadcastMatchData(matchID: string) {
    if (!this.rooms.has(matchID)) return;
    const row = await this.opts.storage.fetchLobby(matchID).catch(() => undefined);
    if (!row) return;
    const data = this.publicMetadata(matchID, row.metadata);
    for (const sock of this.rooms.get(matchID) ?? []) sock.emit('matchData', matchID, data);
    await this.pushLobby(matchID);
  }

  /** After a start: the stored "last seen" times of the match's members, then a fresh lobby view for its sockets. */
  private loadSeen(matchID: string) {
    if (this.seenLoaded.has(matchID)) return;
    this.seenLoaded.set(matchID, true);
    this.opts.storage
      .listSide(SEEN, matchID)
      .then((rows) => {
        if (rows.length === 0) return;
        let m = this.lastSeen.get(matchID);
        if (!m) this.lastSeen.set(matchID, (m = new Map()));
        for (const r of rows) if (!m.has(r.key)) m.set(r.key, (r.data as { at: number }).at);
        void this.pushLobby(matchID);
      })
      .catch((e: unknown) => {
        this.seenLoaded.delete(matchID); // try again at the next look
        this.log.warn('presence not read', { matchID, err: e });
      });
  }

  private markSeen(matchID: string, memberId: string) {
    let m = this.lastSeen.get(matchID);
    if (!m) this.lastSeen.set(matchID, (m = new Map()));
    m.set(memberId, Date.now());
  }

  /**
   * The lobby view (seats, members, who is online or away since when) pushed to every socket of the
   * match as `kon:lobby`, each as its member (or a spectator) may see it: joins, leaves, renames and
   * presence reach the waiting room and the game at once, without polling.
   */
  private async pushLobby(matchID: string) {
    const sockets = [...(this.rooms.get(matchID) ?? [])];
    if (sockets.length === 0) return;
    const views = await this.opts.lobby
      .viewsFor(
        matchID,
        sockets.map((s) => this.bindings.get(s)?.memberId),
      )
      .catch((e: unknown) => {
        this.log.error('lobby push failed', { matchID, err: e });
        return undefined;
      });
    if (!views) return;
    for (const sock of sockets) {
      const b = this.bindings.get(sock);
      const view = b && views.get(b.memberId);
      if (view) sock.emit('kon:lobby', view);
    }
  }

  /** Matches held in memory, for GET /metrics. */
  get liveMatchCount(): number {
    return this.live.size;
  }

  /** Open sockets on this process (bound to a match or not yet), for GET /metrics. */
  get socketCount(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  /** Stop taking actions; in-flight ones finish (the caller drains the lock), then close every socket. */
  stopAccepting() {
    this.closing = true;
  }

  async close() {
    this.closing = true;
    const io = this.io;
    if (!io) return;
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
  }
}
