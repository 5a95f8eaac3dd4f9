/**
 * Passing for a person's seat when passing is all it can do (a reaction window where nothing it holds
 * can answer, a phase with nothing to do: the game module's autoPass.onlyPass), and holding a person's quicker pass
 * to the same moment, so that no opponent learns from the wire or the timing what a seat could not do.
 *
 * Every time a person's seat must decide, a delay is drawn here (autopass/delay.ts), before anything
 * about the seat's hand is looked at. If the seat's only legal action is a pass and its switch is on,
 * the server submits that pass at the end of the delay through transport.submitMove, as a computer
 * seat's move goes (bots/driver.ts): judged against the state it was made for, stored, then sent, so
 * every socket hears exactly what a clicked pass sends. A pass the seat clicks before the delay is over
 * waits for its end (`hold`); one clicked later goes at once, as at the table.
 *
 * Only the process that stored the move that opened the window (it alone hears it committed) arms the
 * timer. After a restart every unfinished match is looked at again and its open window gets a fresh
 * delay: nothing was passed that nobody saw. With several processes a restart or a switch flipped on
 * another process may arm a second timer for the same window; both submit against the same state ID
 * under the match's shared lock, so one pass is stored and the other is refused as stale.
 */
import type { State } from 'boardgame.io';
import type { GameModule, ModuleMove } from '@kon/platform';
import type { Lobby, LobbyRecord } from '../lobby/lobby';
import type { Logger } from '../core/log';
import type { SqlStorage } from '../storage';
import type { HardenedTransport, MoveCommitted } from '../transport';
import type { MatchService } from '../matches/match-services';
import type { MatchGames } from '../matches/match-games';
import { BoundedMap } from '../core/bounded-map';
import { drawPassDelay } from './delay';
import { autopassOn } from './settings';
import { setSkips, skipped, skipsOf, type Skip } from './skips';
import type { SeatKey } from '../lobby/lobby';

export interface AutoPassOptions {
  transport: Pick<HardenedTransport, 'submitMove' | 'currentState'>;
  lobby: Pick<Lobby, 'record'>;
  /** The game of each match: a game without `autoPass` (Deres uenighet: its orders are always a decision) is never passed for. */
  games: Pick<MatchGames, 'of' | 'named'>;
  storage: Pick<SqlStorage, 'listMatches' | 'getSide' | 'putSide'>;
  log: Logger;
  /** The median of the delay distribution (AUTOPASS_DELAY_MS). */
  medianMs: number;
  /** Whether a computer player holds the seat (it then decides for itself). */
  isComputer: (matchID: string, playerID: string) => Promise<boolean>;
  /** The delay distribution; tests spy on it. Called with the median alone, once per window. */
  draw?: (medianMs: number) => number;
  now?: () => number;
}

/** The decision a person's seat faces now, and when a pass of it may go. */
interface Window {
  stateID: number;
  playerID: string;
  due: number;
  timer?: NodeJS.Timeout;
  /** Bumped at every look at the seat's switch: only the latest look arms or disarms. */
  looks: number;
  /** The seat clicked a pass of this window, held until `due`: that click is the pass. */
  clicked?: boolean;
}

/**
 * How long an automatic pass gives way to a click of the same window held to the same moment: the
 * click goes through (and the automatic pass is then refused as stale), or, should it fail, the
 * automatic pass follows. Without it both would go at `due` and the click might lose, telling its
 * seat that the game had moved on.
 */
export const CLICK_GRACE_MS = 1000;

export class AutoPass implements MatchService {
  readonly name = 'autopass';
  /** matchID → the window open there, as this process saw it open (not every match ever seen). */
  private windows = new BoundedMap<string, Window>(20_000);
  private stopped = false;
  private readonly draw: (medianMs: number) => number;
  private readonly now: () => number;
  private readonly log: Logger;

  constructor(private readonly opts: AutoPassOptions) {
    this.draw = opts.draw ?? ((m) => drawPassDelay(m));
    this.now = opts.now ?? Date.now;
    this.log = opts.log.child({ component: 'autopass' });
  }

  /** Look at every unfinished match once (the service list brings moves, new matches and held passes). */
  start() {
    void this.resumeAll().catch((e: unknown) => this.log.error('resuming automatic passes failed', { err: e }));
  }

  moveStored(e: MoveCommitted) {
    this.opened(e.matchID, e.state, this.opts.games.named(e.matchID, e.gameName));
  }

  /** A scenario may open with a window where passing is all a side can do. */
  matchCreated(matchID: string) {
    this.refresh(matchID).catch((e: unknown) => this.log.error('automatic pass failed', { matchID, err: e }));
  }

  /** A seat handed to or taken back from the computer, or its passing switch flipped. */
  rosterChanged(matchID: string, _lobby: LobbyRecord) {
    this.refresh(matchID).catch((e: unknown) => this.log.error('automatic pass refresh failed', { matchID, err: e }));
  }

  /** A pass a seat clicked waits for its window's delay (hold); any other move goes at once. */
  readonly holdPlayerMove = async (matchID: string, playerID: string, stateID: number, move: { type: string; args: unknown[] }) => {
    const module = await this.opts.games.of(matchID);
    if (module.autoPass?.isPass({ move: move.type, args: move.args })) await this.hold(matchID, playerID, stateID, module);
  };

  stop() {
    this.stopped = true;
    for (const w of this.windows.values()) clearTimeout(w.timer);
    this.windows.clear();
  }

  /** The seat's switch or its holder changed: look at the open window again (its delay stays). */
  async refresh(matchID: string) {
    const module = await this.opts.games.of(matchID);
    if (!module.autoPass) return;
    const state = await this.opts.transport.currentState(matchID);
    if (state) this.opened(matchID, state, module);
  }

  /**
   * A state was stored: if a seat must decide in it, that is a window with one delay, drawn now for
   * every window alike; then, if passing is all the seat can do, the pass is armed for its end.
   */
  private opened(matchID: string, state: State, module: GameModule) {
    if (this.stopped) return;
    const rules = module.autoPass;
    const playerID = rules && deciderOf(module, state);
    const old = this.windows.get(matchID);
    if (!rules || playerID === undefined) {
      clearTimeout(old?.timer);
      this.windows.delete(matchID);
      return;
    }
    let w = old;
    if (!w || w.stateID !== state._stateID || w.playerID !== playerID) {
      clearTimeout(old?.timer);
      w = { stateID: state._stateID, playerID, due: this.now() + this.draw(this.opts.medianMs), looks: 0 };
      this.windows.set(matchID, w);
    }
    // A repeated window the seat may have declined for the phase ("not this phase", autopass/skips.ts)
    // is armed like a forced one; whether the seat declined it is read in arm, as its switch is.
    const forced = rules.onlyPass(state.G, playerID);
    const repeated = forced ? null : (rules.repeated?.(state.G, playerID) ?? null);
    const pass = forced ?? repeated?.pass;
    if (!pass) return;
    this.arm(matchID, w, pass, repeated).catch((e: unknown) => this.log.error('automatic pass failed', { matchID, err: e }));
  }

  /**
   * Arm (or, after a change, disarm) the pass of a forced window. Whether the seat is a computer's and
   * whether its switch is on are read now, not when the delay ends, so that the pass then goes at once
   * like a held click (a change of either comes back here through refresh).
   */
  private async arm(matchID: string, w: Window, pass: ModuleMove, repeated: { window: string; phase: string } | null) {
    const look = ++w.looks;
    // A computer player decides for itself (asked first: the bots keep their holders in memory);
    // a seat that turned passing off clicks its own passes, and a repeated window is passed only
    // where the seat said "not this phase" for it.
    const seat = (await this.opts.isComputer(matchID, w.playerID)) ? undefined : await this.seatOf(matchID, w.playerID);
    const on =
      !!seat &&
      (await autopassOn(this.opts.storage, matchID, seat)) &&
      (!repeated || skipped(await skipsOf(this.opts.storage, matchID, seat), w.playerID, repeated));
    if (this.stopped || this.windows.get(matchID) !== w || w.looks !== look) return;
    if (!on) {
      clearTimeout(w.timer);
      delete w.timer;
      return;
    }
    if (w.timer) return;
    w.timer = setTimeout(
      () => void this.fire(matchID, w, pass).catch((e: unknown) => this.log.error('automatic pass failed', { matchID, err: e })),
      Math.max(0, w.due - this.now()),
    );
    w.timer.unref?.();
  }

  private async seatOf(matchID: string, playerID: string): Promise<SeatKey | undefined> {
    const row = await this.opts.lobby.record(matchID);
    return row?.lobby.seats.find((s) => s.playerIDs.includes(playerID))?.key;
  }

  /**
   * A seat's "not this phase" (decline: true) for the repeated window it faces now, or its "ask me
   * each time" (false: every choice cleared). A window the seat does not face changes nothing (it
   * closed meanwhile). Answers the seat's choices as now stored; the caller then refreshes.
   */
  async decline(matchID: string, seat: SeatKey, playerIDs: readonly string[], decline: boolean): Promise<Skip[]> {
    if (!decline) {
      await setSkips(this.opts.storage, matchID, seat, []);
      return [];
    }
    const [module, state, old] = await Promise.all([
      this.opts.games.of(matchID),
      this.opts.transport.currentState(matchID),
      skipsOf(this.opts.storage, matchID, seat),
    ]);
    const playerID = state && deciderOf(module, state);
    const r = playerID !== undefined && playerIDs.includes(playerID) ? module.autoPass?.repeated?.(state!.G, playerID) : null;
    if (!r || !playerID || skipped(old, playerID, r)) return old;
    // Choices of earlier phases have lapsed: only this phase's are kept.
    const skips = [...old.filter((s) => s.phase === r.phase), { playerID, window: r.window, phase: r.phase }];
    await setSkips(this.opts.storage, matchID, seat, skips);
    return skips;
  }

  private async fire(matchID: string, w: Window, pass: ModuleMove, gaveWay = false) {
    if (this.stopped || this.windows.get(matchID) !== w) return;
    delete w.timer;
    if (w.clicked && !gaveWay) {
      w.timer = setTimeout(
        () => void this.fire(matchID, w, pass, true).catch((e: unknown) => this.log.error('automatic pass failed', { matchID, err: e })),
        CLICK_GRACE_MS,
      );
      w.timer.unref?.();
      return;
    }
    const out = await this.opts.transport.submitMove(
      matchID,
      w.playerID,
      { type: pass.move, args: pass.args },
      { by: 'server', stateID: w.stateID },
    );
    // Stale: the seat acted first (a clicked pass, an undo) or another process passed; nothing to do.
    if (!out.ok && out.code !== 'stale_state') this.log.warn('automatic pass refused', { matchID, playerID: w.playerID, code: out.code });
  }

  /**
   * A pass the seat clicked, for the state it saw: resolves when that window's delay is over (at
   * once if it is over already, or if the state is not the match's current one: the move is then
   * refused as a late one would be). A window this process did not see open (another process stored
   * its move) gets its delay drawn now.
   */
  async hold(matchID: string, playerID: string, stateID: number, module: GameModule): Promise<void> {
    let w = this.windows.get(matchID);
    if (!w || w.stateID !== stateID || w.playerID !== playerID) {
      const state = await this.opts.transport.currentState(matchID);
      if (!state || state._stateID !== stateID) return;
      if (deciderOf(module, state) !== playerID) return;
      w = this.windows.get(matchID);
      if (!w || w.stateID !== stateID || w.playerID !== playerID) {
        clearTimeout(w?.timer);
        w = { stateID, playerID, due: this.now() + this.draw(this.opts.medianMs), looks: 0 };
        this.windows.set(matchID, w);
      }
    }
    const wait = w.due - this.now();
    if (wait <= 0) return;
    w.clicked = true;
    await new Promise((r) => setTimeout(r, wait));
  }

  /** After a start: every unfinished match's open window, with a fresh delay. */
  private async resumeAll() {
    const ids = await this.opts.storage.listMatches({ where: { isGameover: false } });
    for (const id of ids) {
      if (this.stopped) return;
      await this.refresh(id);
    }
  }
}

/** The seat that decides now in a game whose seats decide one at a time (toMove names at most one). */
function deciderOf(module: GameModule, state: State): string | undefined {
  return module.toMove(state.G, state.ctx)[0];
}
