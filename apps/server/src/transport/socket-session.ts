import type http from 'node:http';
import type { Game, State } from 'boardgame.io';
import { Server as IOServer, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  chatMessage,
  type ErrorCode,
  matchID as matchIDSchema,
  moveAction,
  playerID as playerIDSchema,
  type SocketRefusal,
} from '@kon/protocol';
import { releaseDeflateAfterEachMessage } from './deflate-release';
import type { MovePath } from './move-path';
import type { Patches } from './patches';
import type { PresenceTracker } from './presence';
import type { Rooms } from './rooms';
import { authentic, gameFor, type FilterFn, type PassHold, type Payload, type SentView, type TransportContext } from './types';
import { deliverPrivate, privateLine } from './private-lines';
import { guardEngine } from './engine-guards';

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

const credSchema = z.string().min(1).max(200).optional();
// The move (`update`) and `chat` payloads a client may send are the protocol's (moveAction, chatMessage).

/**
 * The socket server and each socket's session: the handshake's Origin, `sync` (authentication, never
 * a match created, never an unfiltered initialState), then only moves for the seat it authenticated
 * as and chat. Every message passes one guard (shutdown, the per-socket rate) and every refusal is
 * counted, logged and answered the same way (`kon:error`).
 */
export class SocketSessions {
  io: IOServer | undefined;

  constructor(
    private readonly ctx: TransportContext,
    private readonly rooms: Rooms,
    private readonly patches: Patches,
    private readonly presence: PresenceTracker,
    private readonly moves: MovePath,
    /** The façade's passHold, read at each move (the autopass service sets it after construction). */
    private readonly passHold: PassHold,
    /** A seat's player synced (after the match's lock): the services hear their player is back. */
    private readonly seatSynced: (matchID: string, playerID: string) => void = () => {},
  ) {}

  private originAllowed(origin: string | undefined, host: string | undefined): boolean {
    if (!origin) return true; // not a browser cross-origin request (CLI, server-to-server)
    if (this.ctx.opts.origins.includes(origin)) return true;
    try {
      return host !== undefined && new URL(origin).host === host; // same origin as the page we serve
    } catch {
      return false;
    }
  }

  attach(httpServer: http.Server) {
    const { opts, log } = this.ctx;
    // Each socket's compressor is let go after each message (see WIRE_DEFLATE and deflate-release.ts),
    // unless the start-up check finds ws changed.
    const kept = releaseDeflateAfterEachMessage();
    if (kept) log.warn('socket compressors are kept: ws is not as deflate-release.ts expects', { reason: kept });
    const io = new IOServer(httpServer, {
      serveClient: false,
      maxHttpBufferSize: opts.maxMessageBytes,
      pingInterval: 10_000,
      pingTimeout: 20_000,
      // Most updates are patches of a few hundred bytes; the few larger ones (a combat's end with its
      // log lines, the end of the 9. April turn) are deflated on the wire.
      perMessageDeflate: WIRE_DEFLATE,
      cors: { origin: opts.origins, methods: ['GET', 'POST'], credentials: false },
      allowRequest: (req, cb) => {
        const ok = this.originAllowed(req.headers.origin, req.headers.host);
        if (!ok) log.warn('socket origin refused', { origin: req.headers.origin });
        cb(ok ? null : 'origin not allowed', ok);
      },
    });
    this.io = io;
    guardEngine(
      io,
      opts,
      log,
      this.ctx.games.map((g) => `/${g.name}`),
    );
    for (const game of this.ctx.games) {
      const filter = this.patches.filterOf(game);
      io.of(`/${game.name}`).on('connection', (socket) => this.onConnection(game, filter, socket));
    }
  }

  private onConnection(game: Game, filter: FilterFn, socket: Socket) {
    const { opts, log } = this.ctx;
    const limited = async () => {
      const { verdict, first, retryAfter } = await opts.limits.socketMessage(socket.id);
      if (verdict === 'ok') return false;
      if (first) log.warn('socket rate limit', { socket: socket.id });
      socket.emit('kon:error', { code: 'rate_limited', ...(retryAfter ? { retryAfter } : {}) } satisfies SocketRefusal);
      return true;
    };
    socket.on('disconnect', () => opts.limits.socketClosed(socket.id));
    const refuse = (code: ErrorCode, fields: Record<string, unknown> = {}, message?: string, rule?: string) => {
      opts.metrics?.refusal(code);
      log.warn('socket action refused', { code, ...(rule ? { rule } : {}), socket: socket.id, ...fields });
      const refusal: SocketRefusal = { code, ...(message ? { message } : {}), ...(rule ? { rule } : {}) };
      socket.emit('kon:error', refusal);
    };
    const guard = (name: string, fn: (...args: unknown[]) => Promise<void>) => {
      socket.on(name, (...args: unknown[]) => {
        if (this.ctx.closing) return refuse('shutting_down');
        // The per-socket counter answers at once (it lives in this process), so messages keep their order.
        limited()
          .then((over) => (over ? undefined : fn(...args)))
          .catch((e: unknown) => log.error('socket handler failed', { event: name, err: e }));
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
      let synced = false;
      await opts.lock.run(id, async () => {
        // One read: the state too, unless the match is already in memory.
        // With other processes, a match held in memory may have missed a message: read it anyway.
        const held = this.rooms.live.get(id);
        const cached = opts.bus ? undefined : held;
        const stored = await opts.storage.fetch(id, { initialState: true, metadata: true, state: !cached });
        const { initialState, metadata } = stored;
        const live =
          cached ??
          (held && stored.state && held.state._stateID >= stored.state._stateID ? held : undefined) ??
          (stored.state ? { state: stored.state, metadata, views: new Map<string, SentView>() } : undefined);
        // Never create a match on demand: only the lobby creates matches.
        if (!live || !metadata || !initialState) return refuse('match_not_found');
        // A match is watched through its own game's namespace only (another game's view would not hide its secrets).
        if (gameFor(this.ctx.games, metadata.gameName) !== game) return refuse('match_not_found');
        let memberId: string | undefined;
        if (pid === null) {
          if (!(await opts.lobby.canSpectate(id, creds.data))) return refuse('unauthorized');
        } else {
          if (!(await authentic(pid, creds.data, metadata))) return refuse('unauthorized', { matchID: id, playerID: pid });
          memberId = await opts.lobby.memberFor(id, pid, creds.data);
        }
        this.presence.leave(socket);
        this.presence.join(socket, { matchID: id, playerID: pid, ...(memberId ? { memberId } : {}) });
        this.rooms.live.set(id, live);
        // boardgame.io's action log is not sent: it grows with the game and no view needs it. The
        // game's own log comes in pieces with every state (G.log from G.logBase) and its history
        // from GET /api/matches/:id/log.
        const filtered = filter(pid, {
          type: 'sync',
          args: [id, { state: live.state, log: [], filteredMetadata: this.presence.publicMetadata(id, metadata), initialState }],
        });
        // boardgame.io's filter leaves initialState (all hands, decks, seed, PRNG state) untouched: filter it too.
        const info = filtered.args[1] as { initialState: State; state: State };
        info.initialState = filter(pid, { type: 'update', args: [id, initialState] }).args[1] as State;
        this.patches.synced(socket, live, pid, info.state);
        socket.emit('sync', ...filtered.args);
        synced = true;
      });
      void this.presence.broadcastMatchData(id);
      if (synced && pid !== null) this.seatSynced(id, pid);
    });

    guard('update', async (...args) => {
      const [rawAction, rawStateID, rawMatchID, rawPlayerID] = args;
      const b = this.rooms.binding(socket);
      const action = moveAction.safeParse(rawAction);
      if (!b) return refuse('not_synced');
      if (b.playerID === null) return refuse('spectator_cannot_act', { matchID: b.matchID });
      if (!action.success) return refuse('only_moves_allowed', { matchID: b.matchID });
      if (rawMatchID !== b.matchID || rawPlayerID !== b.playerID || action.data.payload.playerID !== b.playerID)
        return refuse('wrong_seat', { matchID: b.matchID });
      if (typeof rawStateID !== 'number' || !Number.isInteger(rawStateID)) return refuse('bad_state_id');
      const { type, args: moveArgs } = action.data.payload;
      await this.passHold(b.matchID, b.playerID, rawStateID, { type, args: moveArgs ?? [] });
      const outcome = await this.moves.submitMove(
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
      const b = this.rooms.binding(socket);
      const msg = chatMessage.safeParse(rawChat);
      if (!b || b.playerID === null) return refuse('spectator_cannot_chat');
      if (!msg.success || rawMatchID !== b.matchID || msg.data.sender !== b.playerID) return refuse('bad_chat');
      // What boardgame.io's Master did for a chat line, without building one per line: the sender's
      // credentials are checked against the match's seats, then the line goes to every socket.
      const metadata = this.rooms.live.get(b.matchID)?.metadata ?? (await opts.storage.fetch(b.matchID, { metadata: true })).metadata;
      const creds = typeof rawCreds === 'string' ? rawCreds : undefined;
      if (!metadata || !(await authentic(b.playerID, creds, metadata))) return refuse('unauthorized', { matchID: b.matchID });
      const payload: Payload = { type: 'chat', args: [b.matchID, msg.data] };
      // Never to a member who blocked the sender's account (the match maker's blocks).
      const skip = await this.ctx.chatWithheld?.(b.matchID, b.memberId);
      this.patches.sendAll(b.matchID, payload, filter, skip);
      opts.bus?.publish({ t: 'chat', matchID: b.matchID, payload, gameName: game.name, sender: b.memberId });
    });

    guard('kon:private', async (...args) => {
      const [rawMatchID, raw] = args;
      const b = this.rooms.binding(socket);
      if (!b || rawMatchID !== b.matchID) return refuse('bad_private_message');
      const metadata = this.rooms.live.get(b.matchID)?.metadata ?? (await opts.storage.fetch(b.matchID, { metadata: true })).metadata;
      const line = privateLine(b.playerID, raw, metadata);
      if (!line) return refuse('bad_private_message', { matchID: b.matchID });
      deliverPrivate(this.rooms, b.matchID, line);
      opts.bus?.publish({ t: 'private', matchID: b.matchID, sender: line.from, to: line.to, payload: line });
    });

    socket.on('disconnect', () => this.presence.disconnected(socket));
  }
}
