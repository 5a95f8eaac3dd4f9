import type { Game } from 'boardgame.io';
import { gameRefusal } from '@kon/protocol';
import { ApiError } from '../http/errors';
import { secondsSince } from '../core/metrics';
import { type MoveAction, MoveRunner } from '../matches/move-runner';
import { StaleStateError } from '../storage';
import type { Patches } from './patches';
import type { Rooms } from './rooms';
import {
  authentic,
  type FilterFn,
  type LiveMatch,
  type MoveCommitted,
  type MoveListener,
  type MoveOutcome,
  type PlayerMoveGuard,
  type TransportContext,
  gameFor,
} from './types';

type Move = { type: string; args: unknown[] };
type SubmitOptions = { by: 'player' | 'server'; stateID?: number; credentials?: string };

/** What the move path asks of the server's services (the façade's MatchServices, read at each move). */
export interface MoveHooks {
  /** Refuses a player's move for a seat that is not theirs to play now (a computer holds it). */
  guardPlayerMove: PlayerMoveGuard;
  /** The services hear of a stored and sent move, in their list's order (before the observers). */
  moveStored(e: MoveCommitted): void;
}

/**
 * The one way a move enters a match. Its rules live here and nowhere else: every move runs under its
 * match's lock; a refused move writes nothing; nothing is sent before the move is durable; the
 * services and observers hear only of stored and sent moves.
 */
export class MovePath {
  private runners = new Map<Game, MoveRunner>();
  private listeners: MoveListener[] = [];

  constructor(
    private readonly ctx: TransportContext,
    private readonly rooms: Rooms,
    private readonly patches: Patches,
    private readonly hooks: MoveHooks,
  ) {}

  /** Called after every stored and published move, after the services (tests and benches watch here). */
  onMoveCommitted(listener: MoveListener) {
    this.listeners.push(listener);
  }

  /**
   * The one way a move enters a match, whoever makes it: a player's socket, a computer seat or the
   * server's clock. Under the match's lock: the game's check, boardgame.io's reducer, one durable write,
   * then the patches to every socket, then the listeners. A player's move must be made against the
   * match's current state and carry credentials for its seat; a server-made move is trusted for its
   * seat but is otherwise judged exactly like a player's.
   */
  async submitMove(matchID: string, playerID: string, move: Move, opts: SubmitOptions): Promise<MoveOutcome> {
    const started = process.hrtime.bigint();
    const outcome = await this.ctx.opts.lock
      .run(matchID, async (): Promise<MoveOutcome> => this.submitLocked(matchID, playerID, move, opts))
      .catch((e: unknown): MoveOutcome => {
        if (e instanceof ApiError && e.code === 'match_busy') return { ok: false, code: e.code, message: e.message };
        throw e;
      });
    this.ctx.opts.metrics?.move(opts.by, outcome.ok ? 'ok' : outcome.code, secondsSince(started));
    return outcome;
  }

  private async submitLocked(matchID: string, playerID: string, move: Move, opts: SubmitOptions): Promise<MoveOutcome> {
    const { storage, bus } = this.ctx.opts;
    const { type, args } = move;
    const live = await this.rooms.liveMatch(storage, matchID);
    if (!live) return { ok: false, code: 'match_not_found' };
    // A move made against an older state than the match's is stale: the client must resync.
    if (opts.stateID !== undefined && live.state._stateID !== opts.stateID)
      return { ok: false, code: 'stale_state', message: 'the game has moved on; your view is being updated' };
    // The move is judged and run against this state. Another process's move may replace live.state
    // during the awaits below (remote.ts runs outside this lock); judged against that newer
    // state, this move was refused as though made there ('not-your-turn' instead of 'stale_state').
    // Against the state it was made for, its write fails the store's check and it is stale.
    const state = live.state;
    const metadata = (live.metadata ??= (await storage.fetch(matchID, { metadata: true })).metadata);
    if (!metadata) return { ok: false, code: 'match_not_found' };
    // The match's own game (its stored name; one stored before there were several games: the first).
    const game = gameFor(this.ctx.games, metadata.gameName);
    if (!game) return { ok: false, code: 'no_game' };
    const filter = this.patches.filterOf(game);
    const checkMove = (game.name !== undefined && this.ctx.opts.checkMoveOf?.(game.name)) || this.ctx.opts.checkMove;
    if (opts.by === 'player' && !(await authentic(playerID, opts.credentials, metadata)))
      return { ok: false, code: 'unauthorized', fields: { playerID } };
    const held = opts.by === 'player' ? await this.hooks.guardPlayerMove(matchID, playerID) : null;
    if (held) return { ok: false, code: held.code, message: held.message, fields: { playerID } };
    const refusal = checkMove?.(state.G, playerID, type, args, opts.by);
    // The game's codes (kebab-case, e.g. not-your-turn) in the protocol's table.
    if (refusal) return { ok: false, ...gameRefusal(refusal.code), message: refusal.message, fields: { move: type.slice(0, 64) } };
    const action: MoveAction = { type: 'MAKE_MOVE', payload: { type, args, playerID } };
    const result = this.runner(game).run(state, metadata, action, playerID);
    if ('error' in result) return { ok: false, code: 'refused', fields: { reason: result.error } };
    const ended = result.state.ctx.gameover !== undefined;
    try {
      // Durable before anyone hears of it: a crash after this line loses nothing a player saw.
      await storage.commitMove(matchID, {
        state: result.state,
        deltalog: result.deltalog,
        // The roster lives in the metadata and the lobby owns it; a move changes it only by ending the game.
        ...(ended ? { metadata: result.metadata } : {}),
      });
    } catch (e) {
      this.rooms.live.delete(matchID); // read the store again at the next move
      if (e instanceof StaleStateError) {
        // Another process stored a move of this match first (possible only with REDIS_URL): this
        // move was made against an old state. Bring this process's sockets up to date.
        await this.catchUp(matchID, filter);
        return { ok: false, code: 'stale_state', message: 'the game has moved on; your view is being updated' };
      }
      this.ctx.log.error('move not stored', { matchID, err: e });
      return { ok: false, code: 'not_stored', message: 'the move could not be saved; try again' };
    }
    const prevStateID = live.state._stateID;
    // A newer move from another process may have arrived while this one was being written (it was
    // made after ours was stored): this process's sockets already have the newer state.
    if (live.state._stateID < result.state._stateID) {
      live.state = result.state;
      live.metadata = result.metadata;
      this.patches.publish(matchID, live, prevStateID, filter);
    }
    bus?.publish({
      t: 'move',
      matchID,
      prevStateID,
      stateID: result.state._stateID,
      state: result.state,
      // The state the move was made on: the bus sends the difference from it.
      ...(prevStateID === state._stateID ? { base: state } : {}),
      gameover: ended,
      gameName: metadata.gameName,
    });
    const event: MoveCommitted = { matchID, gameName: game.name ?? '', playerID, by: opts.by, move: { type, args }, state: result.state };
    this.hooks.moveStored(event);
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (e) {
        this.ctx.log.error('move listener failed', { matchID, err: e });
      }
    }
    return { ok: true, stateID: result.state._stateID };
  }

  /** Read the match from the store and send it to this process's sockets that are behind. */
  private async catchUp(matchID: string, filter: FilterFn) {
    const { state, metadata } = await this.ctx.opts.storage.fetch(matchID, { state: true, metadata: true });
    if (!state || !this.rooms.watched(matchID)) return;
    // The bus may have brought the newer move meanwhile.
    const held = this.rooms.live.get(matchID);
    if (held && held.state._stateID >= state._stateID) return;
    const live: LiveMatch = { state, metadata, views: new Map() };
    this.rooms.live.set(matchID, live);
    this.patches.publish(matchID, live, -1, filter); // no view kept: every socket gets the whole state
  }

  private runner(game: Game): MoveRunner {
    let r = this.runners.get(game);
    if (!r) this.runners.set(game, (r = new MoveRunner(game)));
    return r;
  }
}
