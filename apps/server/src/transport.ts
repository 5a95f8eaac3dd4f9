import type http from 'node:http';
import { createRequire } from 'node:module';
import type { Game, Server as BgioServer, State } from 'boardgame.io';
import type Koa from 'koa';
import { Server as IOServer, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Lobby, Presence } from './lobby';
import type { KeyedMutex } from './lock';
import type { Logger } from './log';
import type { SqlStorage } from './storage';
import { diffJson } from './json-diff';
import { MoveRunner, type MoveAction } from './move-runner';

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
  messagesPer10s: number;
  /**
   * The game's own judgement of a move before the master runs it (own move name, exact arguments,
   * legal now): a refused move then reaches neither the game nor storage, and its sender hears why.
   */
  checkMove?: MoveCheck;
}

export type MoveCheck = (G: any, playerID: string, type: unknown, args: unknown) => { code: string; message: string } | null;

const matchIDSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const playerIDSchema = z.enum(['0', '1', '2']);
const credSchema = z.string().min(1).max(200).optional();

/** The only action a client may send: a move, by the seat it is bound to, with its credentials. */
const moveAction = z.strictObject({
  type: z.literal('MAKE_MOVE'),
  payload: z.strictObject({
    type: z.string().min(1).max(64),
    args: z.array(z.unknown()).max(16).optional().nullable(),
    playerID: playerIDSchema,
    credentials: z.string().min(1).max(200).optional(),
  }),
});
const chatMessage = z.strictObject({
  id: z.string().min(1).max(64),
  sender: playerIDSchema,
  payload: z.string().max(500),
});

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
  private closing = false;
  private readonly log: Logger;

  constructor(private readonly opts: TransportOptions) {
    this.log = opts.log.child({ component: 'socket' });
  }

  /** Called by boardgame.io's Server(); the socket server is attached later, in attach(). */
  init(app: Koa, games: Game[]) {
    this.app = app;
    this.games = games;
  }

  get presence(): Presence {
    return {
      members: (matchID) => {
        const s = new Set<string>();
        for (const sock of this.rooms.get(matchID) ?? []) {
          const b = this.bindings.get(sock);
          if (b?.memberId) s.add(b.memberId);
        }
        return s;
      },
      spectators: (matchID) =>
        [...(this.rooms.get(matchID) ?? [])].filter((sock) => this.bindings.get(sock)?.playerID === null).length,
      rosterChanged: (matchID, removed) => {
        const live = this.live.get(matchID);
        if (live) live.metadata = undefined;
        for (const sock of [...(this.rooms.get(matchID) ?? [])]) {
          const b = this.bindings.get(sock);
          if (b?.memberId && removed.includes(b.memberId)) {
            this.unbind(sock);
            sock.emit('kon:error', { code: 'left_match' });
            sock.disconnect(true);
          }
        }
        void this.broadcastMatchData(matchID);
      },
    };
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
      const filter = getFilterPlayerView(game) as unknown as FilterFn;
      io.of('/' + game.name).on('connection', (socket) => this.onConnection(game, filter, socket));
    }
  }

  private onConnection(game: Game, filter: FilterFn, socket: Socket) {
    let windowStart = Date.now();
    let count = 0;
    const limited = () => {
      const now = Date.now();
      if (now - windowStart > 10_000) {
        windowStart = now;
        count = 0;
      }
      count++;
      if (count > this.opts.messagesPer10s) {
        if (count === this.opts.messagesPer10s + 1) this.log.warn('socket rate limit', { socket: socket.id });
        socket.emit('kon:error', { code: 'rate_limited' });
        return true;
      }
      return false;
    };
    const refuse = (code: string, fields: Record<string, unknown> = {}, message?: string) => {
      this.log.warn('socket action refused', { code, socket: socket.id, ...fields });
      socket.emit('kon:error', message ? { code, message } : { code });
    };
    const guard = (name: string, fn: (...args: unknown[]) => Promise<void>) => {
      socket.on(name, (...args: unknown[]) => {
        if (this.closing) return refuse('shutting_down');
        if (limited()) return;
        fn(...args).catch((e: unknown) => this.log.error('socket handler failed', { event: name, err: e }));
      });
    };

    guard('sync', async (...args) => {
      const matchID = matchIDSchema.safeParse(args[0]);
      const playerIDRaw = args[1] === undefined ? null : args[1];
      const playerID = playerIDRaw === null ? null : playerIDSchema.safeParse(playerIDRaw);
      const creds = credSchema.safeParse(args[2] ?? undefined);
      if (!matchID.success || (playerID !== null && !playerID.success) || !creds.success)
        return refuse('bad_sync');
      const id = matchID.data;
      const pid = playerID === null ? null : playerID.data;
      await this.opts.lock.run(id, async () => {
        // One read: the state too, unless the match is already in memory.
        const cached = this.live.get(id);
        const stored = await this.opts.storage.fetch(id, { initialState: true, metadata: true, state: !cached });
        const { initialState, metadata } = stored;
        const live = cached ?? (stored.state ? { state: stored.state, metadata, views: new Map<string, SentView>() } : undefined);
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
        if (!this.live.has(id)) this.live.set(id, live);
        // boardgame.io's action log is not sent: it grows with the game and no view needs it. The
        // game's own log comes in pieces with every state (G.log from G.logBase) and its history
        // from GET /api/matches/:id/log.
        const filtered = filter(pid, {
          type: 'sync',
          args: [id, { state: live.state, log: [], filteredMetadata: this.publicMetadata(id, metadata), initialState }],
        });
        // boardgame.io's filter leaves initialState (all hands, decks, seed, PRNG state) untouched: filter it too.
        const info = filtered.args[1] as { initialState: State; state: State };
        info.initialState = (filter(pid, { type: 'update', args: [id, initialState] }).args[1] as State);
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
      const matchID = b.matchID;
      const playerID = b.playerID!;
      await this.opts.lock.run(matchID, async () => {
        const { type, args } = action.data.payload;
        const live = await this.liveMatch(matchID);
        if (!live) return refuse('match_not_found', { matchID });
        // A move made against an older state than the match's is stale: the client must resync.
        if (live.state._stateID !== rawStateID) return refuse('stale_state', { matchID }, 'the game has moved on; your view is being updated');
        live.metadata ??= (await this.opts.storage.fetch(matchID, { metadata: true })).metadata;
        if (!live.metadata || !(await this.authentic(playerID, action.data.payload.credentials, live.metadata)))
          return refuse('unauthorized', { matchID, playerID });
        const refusal = this.opts.checkMove?.(live.state.G, playerID, type, args ?? []);
        if (refusal) return refuse(refusal.code, { matchID, move: type.slice(0, 64) }, refusal.message);
        const result = this.runner(game).run(live.state, live.metadata, action.data as MoveAction, playerID);
        if ('error' in result) return refuse('refused', { matchID, reason: result.error });
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
          this.log.error('move not stored', { matchID, err: e });
          return refuse('not_stored', { matchID }, 'the move could not be saved; try again');
        }
        const prevStateID = live.state._stateID;
        live.state = result.state;
        live.metadata = result.metadata;
        this.publish(matchID, live, prevStateID, filter);
      });
    });

    guard('chat', async (...args) => {
      const [rawMatchID, rawChat, rawCreds] = args;
      const b = this.bindings.get(socket);
      const msg = chatMessage.safeParse(rawChat);
      if (!b || b.playerID === null) return refuse('spectator_cannot_chat');
      if (!msg.success || rawMatchID !== b.matchID || msg.data.sender !== b.playerID) return refuse('bad_chat');
      const master = new Master(game, this.opts.storage, this.transportAPI(b.matchID, socket, filter), this.app.context.auth);
      await master.onChatMessage(b.matchID, msg.data, typeof rawCreds === 'string' ? rawCreds : undefined);
    });

    socket.on('disconnect', () => {
      const b = this.unbind(socket);
      if (b && !this.closing) void this.broadcastMatchData(b.matchID);
    });
  }

  private bind(socket: Socket, b: Binding) {
    this.bindings.set(socket, b);
    let room = this.rooms.get(b.matchID);
    if (!room) this.rooms.set(b.matchID, (room = new Set()));
    room.add(socket);
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
    const online = new Set<string>();
    for (const sock of this.rooms.get(matchID) ?? []) {
      const b = this.bindings.get(sock);
      if (b?.playerID != null) online.add(b.playerID);
    }
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
