import type http from 'node:http';
import type { Game, State } from 'boardgame.io';
import type { Server as IOServer } from 'socket.io';
import type { z } from 'zod';
import type { SERVER_EVENTS, ServerEvent } from '@kon/protocol';
import type { Presence } from '../lobby/lobby';
import { MovePath } from './move-path';
import { Patches } from './patches';
import { PresenceTracker } from './presence';
import { RemoteMatches } from './remote';
import { Rooms } from './rooms';
import { deliverPrivate } from './private-lines';
import type { PrivateMessage } from '@kon/protocol';
import { SocketSessions } from './socket-session';
import type { ChatWithheld, MoveListener, MoveOutcome, TransportContext, TransportOptions } from './types';
import { MatchServices } from '../matches/match-services';

export { WIRE_DEFLATE } from './socket-session';
export type { MoveCheck, MoveCommitted, MoveListener, MoveOutcome, TransportOptions } from './types';

/**
 * Our replacement for boardgame.io's SocketIO transport and its Server's socket side. Moves run
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
 *
 * This class is the façade; each concern is a module of ./transport/: socket-session.ts (the socket
 * server, sync and the per-socket guard), move-path.ts (the one way a move enters a match),
 * patches.ts (what each socket is sent), presence.ts (who is connected), remote.ts (the other
 * processes, over the bus) and rooms.ts (which sockets watch which match, the matches in memory).
 */
export class HardenedTransport {
  private readonly ctx: TransportContext;
  private readonly rooms = new Rooms();
  private readonly patches = new Patches(this.rooms);
  private readonly presenceTracker: PresenceTracker;
  private readonly moves: MovePath;
  private readonly sessions: SocketSessions;
  /** The server's services (useServices): they guard, hold and hear of moves, in their list's order. */
  private services = MatchServices.none;

  constructor(opts: TransportOptions) {
    this.ctx = { opts, log: opts.log.child({ component: 'socket' }), games: [], closing: false };
    this.presenceTracker = new PresenceTracker(this.ctx, this.rooms);
    this.moves = new MovePath(this.ctx, this.rooms, this.patches, {
      guardPlayerMove: (matchID, playerID) => this.services.guardPlayerMove(matchID, playerID),
      moveStored: (e) => this.services.moveStored(e),
    });
    // A seat's move from its socket may be held back before it is judged (a pass clicked sooner than
    // its window's drawn delay, autopass/service.ts): outside the match's lock, then made against the
    // state the seat saw, or refused as stale.
    this.sessions = new SocketSessions(
      this.ctx,
      this.rooms,
      this.patches,
      this.presenceTracker,
      this.moves,
      (...args) => this.services.holdPlayerMove(...args),
      (matchID, playerID) => this.services.seatSynced(matchID, playerID),
    );
    if (opts.bus) {
      const remote = new RemoteMatches(this.ctx, this.rooms, this.patches, this.presenceTracker);
      remote.privateLine = (matchID, _from, _to, line) => deliverPrivate(this.rooms, matchID, line as PrivateMessage);
      remote.listen(opts.bus);
    }
  }

  /** The hosted games, as boardgame.io completes them (ProcessGameConfig); the socket server is attached later, in attach(). */
  init(games: Game[]) {
    this.ctx.games = games;
  }

  /** Who must not get a member's chat lines (the match maker's blocks, matchmaker/chat-blocks.ts). */
  withholdChat(fn: ChatWithheld) {
    this.ctx.chatWithheld = fn;
  }

  get io(): IOServer | undefined {
    return this.sessions.io;
  }

  get presence(): Presence {
    return this.presenceTracker.view;
  }

  attach(httpServer: http.Server) {
    this.sessions.attach(httpServer);
  }

  /**
   * The server's services, once, in the order they hear of moves (app-services.ts): the transport
   * asks them to guard and hold players' moves and tells them of every stored one. A second call
   * throws rather than replace the list.
   */
  useServices(services: MatchServices) {
    if (this.services !== MatchServices.none) throw new Error('the transport has its services already');
    this.services = services;
    this.presenceTracker.onMemberLeft((matchID, memberId) => services.memberLeft(matchID, memberId));
  }

  /** Called after every stored and published move, after the services (tests and benches watch here). */
  onMoveCommitted(listener: MoveListener) {
    this.moves.onMoveCommitted(listener);
  }

  /** The one way a move enters a match, whoever makes it (see MovePath.submitMove). */
  submitMove(
    matchID: string,
    playerID: string,
    move: { type: string; args: unknown[] },
    opts: { by: 'player' | 'server'; stateID?: number; credentials?: string },
  ): Promise<MoveOutcome> {
    return this.moves.submitMove(matchID, playerID, move, opts);
  }

  /**
   * A server event (not a game update) to every socket watching the match, seats and spectators
   * alike, so public data only: a computer seat thinking, a clock's time.
   */
  emitToMatch<E extends ServerEvent>(matchID: string, event: E, payload: z.input<(typeof SERVER_EVENTS)[E]>) {
    for (const sock of this.rooms.sockets(matchID)) sock.emit(event, payload);
  }

  /** A server event to the sockets of these seats only (on this process): a seat's own settings. */
  emitToSeat<E extends ServerEvent>(matchID: string, playerIDs: readonly string[], event: E, payload: z.input<(typeof SERVER_EVENTS)[E]>) {
    for (const sock of this.rooms.sockets(matchID)) {
      const b = this.rooms.binding(sock);
      if (b?.playerID != null && playerIDs.includes(b.playerID)) sock.emit(event, payload);
    }
  }

  /** The match's current state (from memory or the store), for server-side deciders such as bots and clocks. */
  async currentState(matchID: string): Promise<State | undefined> {
    return this.ctx.opts.lock.run(matchID, async () => (await this.rooms.liveMatch(this.ctx.opts.storage, matchID))?.state);
  }

  /** Matches held in memory, for GET /metrics. */
  get liveMatchCount(): number {
    return this.rooms.live.size;
  }

  /** Open sockets on this process (bound to a match or not yet), for GET /metrics. */
  get socketCount(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  /** Stop taking actions; in-flight ones finish (the caller drains the lock), then close every socket. */
  stopAccepting() {
    this.ctx.closing = true;
  }

  async close() {
    this.ctx.closing = true;
    const io = this.io;
    if (!io) return;
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
  }
}
