/**
 * Computer players in seats: whenever one of a bot seat's playerIDs must act (the game module's
 * toMove: its turn and every reaction window, or each seat yet to submit its orders in a phase of
 * simultaneous orders), the seat's view (the module's view: all the bot may know) goes to the worker
 * pool, where the module's computer player decides, and the chosen move goes through
 * transport.submitMove like any player's move (same check, reducer, durable write and publish).
 * Woken after every committed move, when a match is created or a seat is handed over, and for every
 * unfinished match with a bot when the server starts. Several computer seats that must act at once
 * decide one after another (one decision at a time per match).
 */
import type { GameModule, ModuleMove } from '@kon/platform';
import { inScript, scriptedMove } from '@kon/platform/lessons';
import { ApiError, notFound } from '../http/errors';
import type { LobbyRecord, SeatKey } from '../lobby/lobby';
import type { Logger } from '../core/log';
import type { MoveCommitted } from '../transport';
import type { PlayerMoveGuard } from '../transport/types';
import type { MatchService } from '../matches/match-services';
import { assertAvailable, assertHandOverOpen, handOverWhen, type BotReason, type BotSeatRecord } from './seats';
import type { BotStrength } from './strengths';
import { BoundedMap } from '../core/bounded-map';
import { PerMatchCopy } from '../core/per-match-copy';
import { seedOf } from './seed';
import { THINKING_EVENT, type BotSeatsOptions, type Holder, type Run, type ThinkingEvent } from './driver-options';

export { THINKING_EVENT, type BotSeatsOptions, type ThinkingEvent } from './driver-options';

export class BotSeats implements MatchService {
  readonly name = 'bots';
  /** matchID → playerID → bot; a match without bots maps to an empty Map (see BotSeatsOptions.changes). */
  private holders: PerMatchCopy<Map<string, Holder>>;
  /** Bumped whenever a match's bots change, so a slow read of the old record is not cached. */
  private epochs = new Map<string, number>();
  /** `matchID seat` being taken back: never read as a bot's, even from a record not yet rewritten. */
  private revoked = new Set<string>();
  private runs = new Map<string, Run>();
  /** matchID → the phase (pacingKey) of the last move a bot made there: its next move in it follows quickly. */
  private lastPhase = new Map<string, string>();
  /** matchID → its game (a match's game never changes). */
  private modules = new BoundedMap<string, GameModule>(10_000);
  private closing = false;
  private readonly log: Logger;

  constructor(private readonly opts: BotSeatsOptions) {
    this.log = opts.log.child({ component: 'bots' });
    // Several processes with no change count: never kept, read from the store each time.
    this.holders = new PerMatchCopy(opts.shared ? (opts.changes ?? { version: () => undefined }) : null, Number.POSITIVE_INFINITY);
  }

  /** Resume every unfinished match whose bot must act. */
  start() {
    void this.resumeAll().catch((e: unknown) => this.log.error('resuming bot seats failed', { err: e }));
  }

  /** A move was stored: a bot that must act now decides. */
  moveStored(e: MoveCommitted) {
    this.onMove(e);
  }

  /** A new match whose first seat to act is a bot's starts at once. */
  matchCreated(matchID: string) {
    void this.wake(matchID);
  }

  /** While the computer holds a seat its members watch but do not move: they take the seat back first. */
  readonly guardPlayerMove: PlayerMoveGuard = async (matchID, playerID) =>
    (await this.holdersOf(matchID)).has(playerID)
      ? { code: 'seat_is_computer', message: 'the computer plays this seat now; take it back to play' }
      : null;

  /** A move from a seat the computer took for missed deadlines: its player is back (outside the match's lock). */
  readonly holdPlayerMove = async (matchID: string, playerID: string) => {
    await this.playerBack(matchID, playerID, 'acted');
  };

  /**
   * A seat's player connected (outside the match's lock): a seat the computer took for missed
   * deadlines is theirs again at once, with no move or click needed. A seat another member handed
   * over stays the computer's until its player takes it back (the take-back button), as before.
   */
  seatSynced(matchID: string, playerID: string) {
    void this.playerBack(matchID, playerID, 'connected').catch((e: unknown) =>
      this.log.error('seat not given back on connecting', { matchID, playerID, err: e }),
    );
  }

  private async playerBack(matchID: string, playerID: string, how: 'acted' | 'connected') {
    const h = (await this.holdersOf(matchID)).get(playerID);
    if (h?.untilBack && (await this.release(matchID, h.seat)))
      this.log.info(`seat back from the computer: its player ${how}`, { matchID, seat: h.seat });
  }

  /** Stop deciding: no bot moves from now on (decisions under way are dropped). */
  async stop() {
    this.closing = true;
    await this.opts.pool.close();
  }

  /**
   * Give a seat to a computer player, for the server's own reasons (a clock ran out: reason
   * 'timeout'). No permission check: API callers go through handOver. Throws ApiError when the match
   * is unknown or over, the seat is not in its plan, a bot holds it already, or the strength is not
   * available, or `allowed` refuses the record as it is about to be changed.
   */
  async handSeatToBot(
    matchID: string,
    seat: SeatKey,
    strength: BotStrength,
    reason: BotReason,
    by?: string,
    allowed?: (lobby: LobbyRecord) => void,
    untilBack = false,
  ) {
    await this.opts.lobby.updateRecord(matchID, async ({ lobby, metadata }) => {
      if (metadata.gameover != null) throw new ApiError(409, 'game_over', 'This match is over.');
      assertAvailable(strength, this.opts.lobby.gameOf(metadata));
      if (!lobby.seats.some((s) => s.key === seat))
        throw new ApiError(400, 'no_such_seat', 'This match has no such seat in its seat plan.');
      if (lobby.bots?.[seat]) throw new ApiError(409, 'seat_is_computer', 'A computer player holds this seat already.');
      allowed?.(lobby);
      const record: BotSeatRecord = { strength, reason, since: Date.now(), ...(by ? { by } : {}), ...(untilBack ? { untilBack } : {}) };
      lobby.bots = { ...lobby.bots, [seat]: record };
      return { save: true, value: undefined };
    });
    this.changed(matchID);
    this.log.info('seat handed to the computer', { matchID, seat, strength, reason });
    void this.wake(matchID);
  }

  /**
   * A member hands another seat to the computer, in a match that has begun and is not over: a seat
   * whose members all left the match, or have all been away handOverAfterMs (handOverWhen). Who is
   * connected is asked of every process, not only this one. Returns the lobby view as the caller sees it.
   */
  async handOver(matchID: string, seat: SeatKey, tok: string | undefined, strength: BotStrength) {
    const row = await this.opts.lobby.record(matchID);
    if (!row) throw notFound();
    const viewer = this.opts.lobby.identify(row.lobby, tok);
    if (!viewer) throw notFound();
    if (viewer.role !== 'member') throw new ApiError(403, 'not_a_member', 'Only a joined member may do this, with their own credentials.');
    if (viewer.seat === seat) throw new ApiError(403, 'own_seat', 'A seat is handed to the computer by the other players, not by its own.');
    assertAvailable(strength, this.opts.lobby.gameOf(row.metadata));
    if (!row.lobby.seats.some((s) => s.key === seat))
      throw new ApiError(400, 'no_such_seat', 'This match has no such seat in its seat plan.');
    const here = await this.opts.lobby.presence.whereabouts(matchID);
    // Judged again against the record under the match's lock, as it is written.
    const allowed = (lobby: LobbyRecord) => assertHandOverOpen(handOverWhen(lobby, seat, here, this.opts.handOverAfterMs));
    allowed(row.lobby);
    await this.handSeatToBot(matchID, seat, strength, 'handed', viewer.memberId, allowed);
    return this.viewFor(matchID, tok);
  }

  /** A member takes their seat back from the computer; the bot stops at once (a decision under way is dropped). */
  async takeBack(matchID: string, seat: SeatKey, tok: string | undefined) {
    const row = await this.opts.lobby.record(matchID);
    if (!row) throw notFound();
    const viewer = this.opts.lobby.identify(row.lobby, tok);
    if (!viewer) throw notFound();
    if (viewer.role !== 'member') throw new ApiError(403, 'not_a_member', 'Only a joined member may do this, with their own credentials.');
    if (viewer.seat !== seat) throw new ApiError(403, 'not_your_seat', 'Only a member of this seat may take it back.');
    if (!row.lobby.bots?.[seat]) throw new ApiError(409, 'not_computer_seat', 'No computer player holds this seat.');
    await this.release(matchID, seat);
    this.log.info('seat taken back from the computer', { matchID, seat, memberId: viewer.memberId });
    return this.viewFor(matchID, tok);
  }

  /** The seat is its members' again; the bot stops at once. Resolves whether a bot held it. */
  private async release(matchID: string, seat: SeatKey): Promise<boolean> {
    // Revoke before the write: from this line on no bot move of this seat is submitted, and one already
    // queued on the match's lock runs before the write below, so the seat is the member's once we answer.
    const key = `${matchID} ${seat}`;
    this.revoked.add(key);
    const held = [...(this.holders.peek(matchID) ?? [])].find(([, h]) => h.seat === seat);
    this.changed(matchID);
    try {
      return await this.opts.lobby.updateRecord(matchID, async ({ lobby }) => {
        if (!lobby.bots?.[seat]) return { save: false, value: false };
        const { [seat]: _gone, ...rest } = lobby.bots;
        if (Object.keys(rest).length) lobby.bots = rest;
        else delete lobby.bots;
        return { save: true, value: true };
      });
    } finally {
      this.revoked.delete(key);
      this.changed(matchID);
      if (held) this.emitThinking(matchID, held[1], held[0], false);
    }
  }

  /** Whether a computer player holds this playerID's seat now (it then decides for itself). */
  async isComputer(matchID: string, playerID: string): Promise<boolean> {
    return (await this.holdersOf(matchID)).has(playerID);
  }

  private async viewFor(matchID: string, tok: string | undefined) {
    return this.opts.lobby.get(matchID, tok);
  }

  private changed(matchID: string) {
    this.holders.delete(matchID);
    this.epochs.set(matchID, (this.epochs.get(matchID) ?? 0) + 1);
  }

  private holdersFrom(matchID: string, lobby: LobbyRecord): Map<string, Holder> {
    const out = new Map<string, Holder>();
    const lesson = lobby.lesson ? this.opts.lobby.lessons.find((l) => l.id === lobby.lesson) : undefined;
    for (const [seat, b] of Object.entries(lobby.bots ?? {}) as [SeatKey, BotSeatRecord][]) {
      if (this.revoked.has(`${matchID} ${seat}`)) continue;
      const holder: Holder = {
        seat,
        strength: b.strength,
        ...(b.untilBack ? { untilBack: b.untilBack } : {}),
        ...(lesson ? { lesson } : {}),
      };
      for (const pid of lobby.seats.find((s) => s.key === seat)?.playerIDs ?? []) out.set(pid, holder);
    }
    return out;
  }

  /** Who holds the match's seats; `reread`: from the store, whatever is kept. */
  private async holdersOf(matchID: string, reread = false): Promise<Map<string, Holder>> {
    const cached = reread ? undefined : this.holders.get(matchID);
    if (cached) return cached;
    const mark = this.holders.mark(matchID);
    const epoch = this.epochs.get(matchID) ?? 0;
    const row = await this.opts.lobby.record(matchID);
    const fresh = row ? this.holdersFrom(matchID, row.lobby) : new Map<string, Holder>();
    if ((this.epochs.get(matchID) ?? 0) !== epoch) return this.holdersOf(matchID, reread); // changed while reading
    this.holders.keep(matchID, fresh, mark);
    return fresh;
  }

  private onMove(e: MoveCommitted) {
    if (e.state.ctx.gameover !== undefined) {
      this.holders.delete(e.matchID);
      this.epochs.delete(e.matchID);
      this.lastPhase.delete(e.matchID);
      this.modules.delete(e.matchID);
      return;
    }
    if (!this.modules.has(e.matchID)) this.modules.set(e.matchID, this.opts.lobby.games.of(e.gameName));
    // A match without bots costs one map lookup per move.
    if (this.holders.get(e.matchID)?.size === 0) return;
    void this.wake(e.matchID);
  }

  /** Let the match's bots act while one of them must; one decision at a time per match. */
  async wake(matchID: string): Promise<void> {
    if (this.closing) return;
    let run = this.runs.get(matchID);
    if (!run) this.runs.set(matchID, (run = { busy: false, again: false }));
    if (run.busy) {
      run.again = true;
      return;
    }
    run.busy = true;
    try {
      do {
        run.again = false;
        await this.step(matchID, run);
      } while (run.again && !this.closing);
    } catch (e) {
      this.log.error('bot turn failed', { matchID, err: e });
    } finally {
      run.busy = false;
      if (!run.again) this.runs.delete(matchID);
    }
  }

  /** The game of a match (undefined: no such match). */
  private async moduleOf(matchID: string): Promise<GameModule | undefined> {
    let m = this.modules.get(matchID);
    if (!m) {
      const row = await this.opts.lobby.record(matchID);
      if (!row) return undefined;
      this.modules.set(matchID, (m = this.opts.lobby.gameOf(row.metadata)));
    }
    return m;
  }

  /** One decision of a bot that must act now, if a bot must (the first in the module's order). */
  private async step(matchID: string, run: Run) {
    const holders = await this.holdersOf(matchID);
    if (holders.size === 0) return;
    const module = await this.moduleOf(matchID);
    const bots = module?.bots;
    if (!module || !bots) return;
    const state = await this.opts.transport.currentState(matchID);
    if (!state || state.ctx.gameover !== undefined) return;
    const G = state.G;
    const acting = [...module.toMove(G, state.ctx), ...(bots.mayAct?.(G, state.ctx) ?? [])].filter((pid) => holders.has(pid));
    // While a lesson's script lasts, only the seat whose step it is moves: at the learner's step (in a
    // step all decide at once, as Deres uenighet's orders) the computer waits for the learner.
    const lesson = acting.map((pid) => holders.get(pid)!.lesson).find((l) => l !== undefined);
    const scripted = lesson !== undefined && inScript(lesson, state._stateID);
    const playerID = scripted ? acting.find((pid) => pid === lesson.steps[state._stateID]?.seat) : acting[0];
    if (playerID === undefined) return;
    const holder = holders.get(playerID)!;
    if (!(await this.claimed(matchID, state._stateID))) return;
    const started = Date.now();
    const unwatched = this.unwatched(matchID);
    this.emitThinking(matchID, holder, playerID, true);
    try {
      // The seat's own view is all the computer player learns of the match.
      const view = module.view(G, playerID);
      // A lesson's computer plays the script while it lasts, then decides as any computer player.
      let move: ModuleMove | null = holder.lesson ? scriptedMove(holder.lesson, [], state._stateID, playerID) : null;
      if (!move)
        try {
          ({ move } = await this.opts.pool.decide(
            { game: module.id, strength: holder.strength, view, playerID, seed: seedOf(matchID, state._stateID, playerID) },
            { background: unwatched },
          ));
        } catch (e) {
          if (this.closing) return;
          this.log.error('bot decision failed; the seat takes a plain legal action instead', { matchID, playerID, err: e });
          move = bots.fallback(view, playerID);
        }
      if (!move) {
        this.log.error('bot seat is stuck: no move to make', { matchID, playerID });
        return;
      }
      const phase = bots.pacingKey?.(G, playerID);
      const delay =
        phase !== undefined && this.lastPhase.get(matchID) === phase
          ? Math.min(this.opts.moveDelayMs, this.opts.nextMoveDelayMs ?? Infinity)
          : this.opts.moveDelayMs;
      const wait = Math.max(started + delay, unwatched && this.unwatched(matchID) ? Date.now() + this.unwatchedDelayMs : 0) - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      let outcome = await this.submit(matchID, playerID, holder, move, state._stateID);
      if (outcome === 'ok' && phase !== undefined) this.lastPhase.set(matchID, phase);
      if (outcome === 'stale') run.again = true;
      else if (outcome === 'refused') {
        // A bug in the bot must not stall the match: a plain legal move instead, once.
        const plain = bots.fallback(view, playerID);
        outcome = plain ? await this.submit(matchID, playerID, holder, plain, state._stateID) : 'refused';
        if (outcome === 'refused') this.log.error('bot seat is stuck: even its plain action was refused', { matchID, playerID });
      }
    } finally {
      this.emitThinking(matchID, holder, playerID, false);
    }
  }

  private get unwatchedDelayMs(): number {
    return this.opts.unwatchedMoveDelayMs ?? 0;
  }

  /** Nobody (member or spectator, on any process) is connected to the match, and unwatched matches are paced. */
  private unwatched(matchID: string): boolean {
    if (this.unwatchedDelayMs <= 0) return false;
    const presence = this.opts.lobby.presence;
    return presence.members(matchID).size === 0 && presence.spectators(matchID) === 0;
  }

  /**
   * Whether this process thinks the decision at `stateID`. With several processes more than one may
   * be woken for it (every process resumes every match with a bot when it starts; a move committed
   * on any process wakes that one), and each would think it and all but one move be refused as
   * stale: the first to claim it thinks, the others stand by. Should the state not have moved on
   * when the claim runs out (its process died while thinking), they try again.
   */
  private async claimed(matchID: string, stateID: number): Promise<boolean> {
    const claim = this.opts.claim;
    if (!claim) return true;
    let ok = false;
    try {
      ok = await claim.take(matchID, stateID);
    } catch (e) {
      this.log.warn('claiming a bot decision failed; trying again later', { matchID, err: e });
    }
    if (!ok) {
      const retry = setTimeout(() => {
        if (this.closing) return;
        void this.opts.transport.currentState(matchID).then(
          (s) => {
            if (s?._stateID === stateID) void this.wake(matchID);
          },
          () => undefined,
        );
      }, claim.ttlMs);
      retry.unref();
    }
    return ok;
  }

  private async submit(matchID: string, playerID: string, holder: Holder, move: ModuleMove, stateID: number) {
    // With several processes, read them again from the store: a kept copy is only as new as this
    // process's last hold of the match's lock, and the thinking happened outside it.
    if (this.opts.shared) {
      const now = (await this.holdersOf(matchID, true)).get(playerID);
      if (now?.seat !== holder.seat || now.strength !== holder.strength) return 'dropped' as const;
    }
    // Checked and submitted in one tick: a take-back revokes first, so no move of a revoked seat gets queued.
    else if (this.holders.get(matchID)?.get(playerID) !== holder) return 'dropped' as const;
    if (this.closing || this.revoked.has(`${matchID} ${holder.seat}`)) return 'dropped' as const;
    const out = await this.opts.transport.submitMove(matchID, playerID, { type: move.move, args: move.args }, { by: 'server', stateID });
    if (out.ok) return 'ok' as const;
    if (out.code === 'stale_state') return 'stale' as const;
    this.log.error('bot move refused', {
      matchID,
      playerID,
      move: move.move,
      code: out.code,
      ...(out.message ? { reason: out.message } : {}),
      ...out.fields,
    });
    return 'refused' as const;
  }

  private emitThinking(matchID: string, holder: Holder, playerID: string, thinking: boolean) {
    const e: ThinkingEvent = { seat: holder.seat, playerID, strength: holder.strength, thinking };
    this.opts.transport.emitToMatch(matchID, THINKING_EVENT, e);
  }

  /** After a restart: every unfinished match whose bot must act carries on. */
  private async resumeAll() {
    const ids = await this.opts.storage.listMatches({ where: { isGameover: false } });
    let withBots = 0;
    for (const id of ids) {
      if (this.closing) return;
      const row = await this.opts.lobby.record(id);
      if (!row?.lobby.bots) continue;
      withBots++;
      void this.wake(id);
    }
    if (withBots) this.log.info('bot seats resumed', { matches: withBots });
  }
}
