/**
 * The server's clocks: one per match created with time controls. It listens to every committed move,
 * asks the match's game module who must act now (toMove: one seat, or every seat yet to submit its
 * orders in a simultaneous phase, each with its own decision running), keeps each match's clock in the
 * store (so a restart loses nothing: timers are re-armed from the stored deadlines at start, and a
 * deadline that passed while the server was down fires at once), and when a seat's time runs out
 * makes the move the match was created to make (the module's clockMove or loseOnTime) — through the
 * same transport.submitMove every move takes, so it is judged, stored and sent like any other.
 */
import type { GameModule, ModuleMove } from '@kon/platform';
import type { ClockView as ClockWire } from '@kon/protocol';
import { everySeatTaken, type LobbyRecord } from '../lobby/lobby';
import type { Logger } from '../core/log';
import type { SqlStorage } from '../storage';
import type { HardenedTransport, MoveCommitted } from '../transport';
import type { MatchService } from '../matches/match-services';
import { advance, flag, handOff, missedInRow, newClock, runsOf, viewOf, type ClockRecord, type ClockView } from './clock';
import { actorsNow, playerOfKey, seatKey } from '../seats/decisions';
import type { ClockSettings } from './settings';
import { BoundedMap } from '../core/bounded-map';
import { KeyedMutex } from '../core/lock';
import { PerMatchCopy } from '../core/per-match-copy';

const KIND = 'clock';
const KEY = 'state';

/**
 * Handing a seat whose time ran out to a computer player, for the decisions it cannot simply pass.
 * Resolves true when a computer now plays the seat. Without it (or when it declines), the side
 * loses on time instead, and the log says so. Reason 'missed': the seat missed the game's number of
 * deadlines in a row (GameModule.missedDeadlinesToComputer), each answered by the clock's move; the
 * computer plays it until its player acts again.
 */
export type OwnDecisionTimeout = (matchID: string, playerID: string, key: string, reason: 'time' | 'missed') => Promise<boolean>;

export interface ClockDeps {
  storage: SqlStorage;
  transport: Pick<HardenedTransport, 'submitMove' | 'currentState' | 'emitToMatch'>;
  log: Logger;
  /** The game of a match (MatchGames.of). */
  gameOf: (matchID: string) => Promise<GameModule>;
  now?: () => number;
  onOwnDecisionTimeout?: OwnDecisionTimeout;
  /**
   * Other server processes store this match's moves and clock too (REDIS_URL): the clock is read
   * from the store each time instead of kept, since a kept copy would be behind the other process's
   * decisions (and its timer could end a later decision of the same side on time).
   */
  shared?: boolean;
  /**
   * Shared: the matches' change counts (cluster/lease.ts). A match read to have no clock is not read
   * again on every move while its count stands, and a clock is created only after counting a change.
   */
  lock?: Pick<KeyedMutex, 'version' | 'touched'>;
}

/** The clock settings a match was created with (kept on its lobby record). */
export function clockSettingsOf(lobby: unknown): ClockSettings {
  return (lobby as Partial<LobbyRecord> | null)?.clock ?? { mode: 'none' };
}

export class ClockService implements MatchService {
  readonly name = 'clocks';
  /** Each match's clock, null for a match without one (so moves of clockless matches read nothing). */
  private clocks = new BoundedMap<string, ClockRecord | null>(20_000);
  /** Shared: the matches read to have no clock, as of their change count (one process: `clocks` has null). */
  private noClock: PerMatchCopy<true>;
  private timers = new Map<string, NodeJS.Timeout>();
  /** One piece of work at a time per match (moves arrive in order; timers must not overtake them). */
  private readonly queue = new KeyedMutex();
  private stopped = false;
  private readonly now: () => number;
  private readonly log: Logger;

  constructor(private readonly deps: ClockDeps) {
    this.now = deps.now ?? Date.now;
    this.noClock = new PerMatchCopy(deps.shared ? (deps.lock ?? { version: () => undefined }) : null);
    this.log = deps.log.child({ component: 'clocks' });
  }

  /** A move was stored: the decisions it ends and begins move the clock. */
  moveStored(e: MoveCommitted) {
    void this.enqueue(e.matchID, () => this.onMove(e));
  }

  /** Wire the computer-player takeover (bots) in after construction. */
  set onOwnDecisionTimeout(fn: OwnDecisionTimeout | undefined) {
    if (fn) this.deps.onOwnDecisionTimeout = fn;
    else delete this.deps.onOwnDecisionTimeout;
  }

  /** Re-arm every stored clock (at start). */
  async start(): Promise<void> {
    const rows = await this.deps.storage.listSide(KIND);
    for (const row of rows) {
      const c = row.data as ClockRecord;
      if (!c?.running) continue;
      this.clocks.set(row.matchID, c);
      await this.enqueue(row.matchID, () => this.resync(row.matchID));
    }
    this.log.info('clocks re-armed', { running: this.timers.size });
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** The clock as clients see it; undefined for a match without time controls. */
  async view(matchID: string): Promise<ClockView | undefined> {
    // Read outside the match's queue: it may overlap a save, so it neither uses nor fills "no clock here".
    const c = await this.load(matchID, false);
    return c && viewOf(c, this.now());
  }

  /**
   * Every seat is taken: the game and its clock begin (a clock does not run in the waiting room).
   * Called on every roster change; does nothing once the clock exists.
   */
  rosterChanged(matchID: string, lobby: unknown) {
    const settings = clockSettingsOf(lobby);
    if (settings.mode === 'none') return;
    if (!everySeatTaken(lobby as LobbyRecord)) return;
    void this.enqueue(matchID, async () => {
      if (await this.load(matchID)) return;
      const state = await this.deps.transport.currentState(matchID);
      if (!state) return;
      const module = await this.deps.gameOf(matchID);
      const keys = (lobby as LobbyRecord).seats.flatMap((s) => s.playerIDs).map((pid) => seatKey(module, pid));
      const clock = newClock(settings, [...new Set(keys)], !module.clockNames);
      const c = advance(clock, actorsNow(module, state), state._stateID, this.now());
      // Another process started it first: follow the stored one.
      if (!(await this.save(matchID, c, undefined))) return this.resync(matchID);
      this.log.info('clock started', { matchID, mode: settings.mode });
    });
  }

  private enqueue(matchID: string, job: () => Promise<void>): Promise<void> {
    return this.queue.run(matchID, job).catch((e: unknown) => this.log.error('clock work failed', { matchID, err: e }));
  }

  /**
   * The match's clock. `inQueue`: called in the match's queue, where this process's saves run too; a
   * read outside it may overlap a save, so it fills no cache (a "none" read just before a save and
   * kept just after it would hide the clock: seen in a full run with two processes).
   */
  private async load(matchID: string, inQueue = true): Promise<ClockRecord | undefined> {
    const cached = this.deps.shared ? undefined : this.clocks.get(matchID);
    if (cached !== undefined) return cached ?? undefined;
    // Shared: a clock another process made is counted first (save), so "none" holds while the count stands.
    if (this.deps.shared && inQueue && this.noClock.get(matchID)) return undefined;
    const mark = this.noClock.mark(matchID);
    const stored = (await this.deps.storage.getSide(matchID, KIND, KEY)) as ClockRecord | undefined;
    if (!inQueue) return stored;
    // A clock is only ever created through save(), which fills this cache: "none" can be remembered.
    this.clocks.set(matchID, stored ?? null);
    if (stored) this.noClock.delete(matchID);
    else this.noClock.keep(matchID, true, mark);
    return stored;
  }

  /**
   * Store the clock worked out from `read` (the clock as loaded; undefined: none yet), arm its timer
   * and show it to everyone at the match. With other processes (shared) it is stored only over
   * `read` (compare-and-set): false when another process changed the clock first, and the caller
   * works it out again from a fresh load (so a time-out is dealt with by one process only).
   */
  private async save(matchID: string, c: ClockRecord, read: ClockRecord | undefined): Promise<boolean> {
    if (this.stopped) return true; // shutting down: the stored clock stands, and is re-armed at the next start
    if (this.deps.shared) {
      // A new clock: the other processes' "no clock here" is old from now on.
      if (read === undefined) await this.deps.lock?.touched(matchID);
      this.noClock.delete(matchID);
      if (!(await this.deps.storage.swapSide(matchID, KIND, KEY, read, c))) return false;
    } else {
      // One process: its own copy is the clock from now on, shown even before the write is durable.
      this.clocks.set(matchID, c);
      await this.deps.storage.putSide(matchID, KIND, KEY, c);
    }
    this.clocks.set(matchID, c);
    this.arm(matchID, c);
    // The named fields carry the module's clockNames, which the wire schema spells out (Kampen om
    // Norge's factions, the one game that names its clocks): the protocol checks them, not the server.
    this.deps.transport.emitToMatch(matchID, 'kon:clock', viewOf(c, this.now()) as ClockWire);
    return true;
  }

  /** The clock moved on to `stateID`: the record to save, or undefined when a later state's is stored (another process). */
  private movedTo(c: ClockRecord, next: ClockRecord, stateID: number): ClockRecord | undefined {
    if (c.seenAt !== undefined && c.seenAt > stateID) return undefined;
    return { ...next, seenAt: stateID };
  }

  private arm(matchID: string, c: ClockRecord) {
    const old = this.timers.get(matchID);
    if (old) clearTimeout(old);
    this.timers.delete(matchID);
    // One timer per match, for the first deadline of the decisions not yet dealt with.
    const next = runsOf(c)
      .filter((r) => !r.handedOff)
      .sort((a, b) => a.deadline - b.deadline)[0];
    if (!next || this.stopped) return;
    // setTimeout holds at most ~24.8 days; a longer wait re-arms when it wakes.
    const wait = Math.min(Math.max(0, next.deadline - this.now()), 2 ** 31 - 1);
    const t = setTimeout(() => {
      this.timers.delete(matchID);
      void this.enqueue(matchID, () => this.expire(matchID));
    }, wait);
    t.unref();
    this.timers.set(matchID, t);
  }

  private async onMove(e: MoveCommitted): Promise<void> {
    const c = await this.load(e.matchID);
    if (!c) return;
    const module = await this.deps.gameOf(e.matchID);
    let next = advance(c, actorsNow(module, e.state), e.state._stateID, this.now());
    // The seat's own player acted (not the clock, not a computer): its row of missed deadlines ends.
    if (e.by === 'player') next = missedInRow(next, seatKey(module, e.playerID), 0);
    if (next === c) return this.arm(e.matchID, c); // the same decision: the timer stands, but the state it guards moved on
    const stored = this.movedTo(c, next, e.state._stateID);
    if (stored && !(await this.save(e.matchID, stored, c))) return this.onMove(e);
  }

  /** After a restart: the stored clock against the stored game (a move stored just before a crash may be newer). */
  private async resync(matchID: string): Promise<void> {
    const c = await this.load(matchID);
    const state = await this.deps.transport.currentState(matchID);
    if (!c || !state) return;
    const next = advance(c, actorsNow(await this.deps.gameOf(matchID), state), state._stateID, this.now());
    if (next === c) return this.arm(matchID, c);
    const stored = this.movedTo(c, next, state._stateID);
    if (!stored) return this.arm(matchID, c);
    if (!(await this.save(matchID, stored, c))) return this.resync(matchID);
  }

  /**
   * A decision's time ran out: the module's move for it, a computer player, or the loss on time, as
   * the match was created. One at a time: the clock saved here re-arms the timer for any other
   * decision whose time is out too (it fires at once).
   */
  private async expire(matchID: string): Promise<void> {
    const c = await this.load(matchID);
    if (!c) return;
    const now = this.now();
    // handedOff: this decision's zero is being (or was) dealt with; a timer armed meanwhile must not deal with it twice.
    const r = runsOf(c)
      .filter((x) => !x.handedOff && x.deadline <= now)
      .sort((a, b) => a.deadline - b.deadline)[0];
    if (!r) return this.arm(matchID, c); // woke early (a long wait was capped), or the decision ended
    const state = await this.deps.transport.currentState(matchID);
    const module = await this.deps.gameOf(matchID);
    if (!state || !actorsNow(module, state).some((a) => a.key === r.faction && a.decision === r.decision)) return this.resync(matchID);
    const flagged = flag(c, now, r.faction);
    const playerID = playerOfKey(module, r.faction);
    this.log.info('time ran out', { matchID, faction: r.faction, atZero: c.settings.atZero });
    const move = c.settings.atZero === 'pass' ? (module.clockMove?.(state.G, playerID) ?? null) : null;
    if (move) {
      // Made for it; if the same seat must still act (another window), its time is still out and
      // the timer this save arms makes the move again. One more deadline missed in a row: at the
      // game's limit a computer player takes the seat (and the row starts again for its return).
      const row = (c.missed?.[r.faction] ?? 0) + 1;
      const limit = module.missedDeadlinesToComputer;
      const absent = limit !== undefined && row >= limit;
      const counted = missedInRow(flagged, r.faction, absent ? 0 : row);
      // A counted miss is dealt with once: no other process's timer (nor this one's, re-armed) counts it again.
      const next = limit === undefined ? counted : handOff(counted, r.faction);
      if (!(await this.save(matchID, next, c))) return this.expire(matchID);
      await this.submit(matchID, playerID, move, state._stateID);
      if (absent) await this.handToComputer(matchID, playerID, r.faction);
      return;
    }
    // Saved as handled before anything is done about it: the deadline is past, and a clock saved
    // without the mark would be armed to expire again at once, asking a computer player twice.
    if (!(await this.save(matchID, handOff(flagged, r.faction), c))) return this.expire(matchID);
    if (c.settings.atZero === 'pass') {
      const take = this.deps.onOwnDecisionTimeout;
      // The computer plays the rest of this decision; its moves do not wake the clock again (handedOff).
      if (take && (await take(matchID, playerID, r.faction, 'time').catch(() => false))) return;
      // No computer player can take the seat: the side loses on time instead, and we say why.
      this.log.warn('no computer player to take over; the side loses on time', { matchID, faction: r.faction });
    }
    const lose = module.loseOnTime?.(playerID);
    if (!lose) return this.log.error('time ran out, and this game cannot be lost on time', { matchID, faction: r.faction });
    await this.submit(matchID, playerID, lose, state._stateID);
  }

  /** A seat that missed its game's number of deadlines in a row: a computer plays it until its player acts. */
  private async handToComputer(matchID: string, playerID: string, key: string) {
    const take = this.deps.onOwnDecisionTimeout;
    const taken = take ? await take(matchID, playerID, key, 'missed').catch(() => false) : false;
    this.log.info('deadlines missed in a row', { matchID, faction: key, computer: taken });
  }

  private async submit(matchID: string, playerID: string, move: ModuleMove, stateID: number) {
    // Made against the state that ran out: if anything moved meanwhile (another server process's
    // timer fired too), it is refused as stale instead of passing a later decision.
    const out = await this.deps.transport.submitMove(matchID, playerID, { type: move.move, args: move.args }, { by: 'server', stateID });
    if (!out.ok) this.log.error('clock move refused', { matchID, playerID, type: move.move, code: out.code, ...out.fields });
  }
}
