/**
 * A match's clock as pure data and the rules that move it; no timers and no I/O (service.ts does
 * those). Time is kept per clock key: the game's name for a seat where it names them (the module's
 * clockNames: Kampen om Norge's factions, as its stored clocks and clients name them), else a playerID. A decision is the stretch in which
 * one key must act: it begins when the game asks that key to act and ends when it no longer does.
 * Usually one key decides at a time; in a phase of simultaneous orders every seat yet to submit has
 * its own decision running at once. A live clock spends the key's bank during its decisions and adds
 * the increment when one ends; a correspondence clock gives each decision its own deadline.
 */
import type { TimedSettings } from './settings';
import type { Actor } from '../seats/decisions';

export interface Running {
  /** The clock key deciding (the name is kept from when every key was a faction: stored clocks have it). */
  faction: string;
  /** When this decision began (ms since the epoch). */
  since: number;
  /** The state ID at which it began: names the decision (notifications, stale timers). */
  stateID: number;
  /** When the key's time runs out in this decision. */
  deadline: number;
  /** Time ran out and a computer player took the seat: no timer for the rest of this decision. */
  handedOff?: true;
  /** The game's name for the decision (GameModule.decisionOf); a new name ends this one. */
  decision?: string;
}

export interface ClockRecord {
  v: 1;
  settings: TimedSettings;
  /** Live clocks: each key's bank at the start of its current or next decision. */
  bankMs: Record<string, number>;
  /** The decision running (the first, when several run at once). */
  running: Running | null;
  /** Further decisions running at the same time (simultaneous orders); absent when none. */
  others?: Running[];
  /** Keys whose time has run out at least once (shown; a 'pass' match goes on). */
  flagged: string[];
  /** The keys are playerIDs (a game other than Kampen om Norge): clients see them under `seats`. */
  seats?: true;
  /** The newest state this clock was worked out at (several processes: an older move's news comes late). */
  seenAt?: number;
  /** Deadlines each key has missed in a row (the clock's move made for it); absent or 0: none. */
  missed?: Record<string, number>;
}

/** A new clock with a full bank for each key (the module's clock names of the match's seats). */
export function newClock(settings: TimedSettings, keys: readonly string[], seats = false): ClockRecord {
  const bank = settings.mode === 'live' ? settings.baseSeconds * 1000 : 0;
  return {
    v: 1,
    settings,
    bankMs: Object.fromEntries(keys.map((f) => [f, bank])),
    running: null,
    flagged: [],
    ...(seats ? { seats: true as const } : {}),
  };
}

/** Every decision running now, the first first. */
export function runsOf(c: ClockRecord): Running[] {
  return c.running ? [c.running, ...(c.others ?? [])] : [];
}

function withRuns(c: ClockRecord, runs: Running[]): ClockRecord {
  const { others: _old, ...rest } = c;
  return { ...rest, running: runs[0] ?? null, ...(runs.length > 1 ? { others: runs.slice(1) } : {}) };
}

function deadlineFor(c: ClockRecord, key: string, now: number): number {
  return c.settings.mode === 'live' ? now + Math.max(0, c.bankMs[key] ?? 0) : now + c.settings.decisionSeconds * 1000;
}

/**
 * The clock after the game reached `stateID` with `actors` to decide (none: nobody, the game is over).
 * A decision that goes on (the same key still asked) keeps its start and deadline; the same clock
 * object comes back when nothing changed.
 */
export function advance(c: ClockRecord, actors: readonly Actor[], stateID: number, now: number): ClockRecord {
  const runs = runsOf(c);
  const going = runs.filter((r) => actors.some((a) => a.key === r.faction && a.decision === r.decision));
  const fresh = actors.filter((a, i) => actors.findIndex((b) => b.key === a.key) === i && !going.some((r) => r.faction === a.key));
  if (going.length === runs.length && fresh.length === 0) return c;
  const bankMs = { ...c.bankMs };
  if (c.settings.mode === 'live') {
    // The increment comes with every finished decision, also one the server ended when time ran out.
    for (const r of runs)
      if (!going.includes(r))
        bankMs[r.faction] = Math.max(0, (bankMs[r.faction] ?? 0) - (now - r.since)) + c.settings.incrementSeconds * 1000;
  }
  const next: ClockRecord = { ...c, bankMs };
  const started = fresh.map(
    (a): Running => ({
      faction: a.key,
      since: now,
      stateID,
      deadline: deadlineFor(next, a.key, now),
      ...(a.decision !== undefined ? { decision: a.decision } : {}),
    }),
  );
  return withRuns(next, [...going, ...started]);
}

/** Mark a running key's time as used up (its bank is empty); default: the first running. */
export function flag(c: ClockRecord, now: number, key = c.running?.faction): ClockRecord {
  const runs = runsOf(c);
  const r = runs.find((x) => x.faction === key);
  if (!r || key === undefined) return c;
  const bankMs = c.settings.mode === 'live' ? { ...c.bankMs, [key]: 0 } : c.bankMs;
  // Time is spent up to now: the next decision of this key starts from an empty bank.
  return withRuns(
    { ...c, bankMs, flagged: c.flagged.includes(key) ? c.flagged : [...c.flagged, key] },
    runs.map((x) => (x === r ? { ...r, since: now } : x)),
  );
}

/** The same clock with `key`'s row of missed deadlines set to `n` (0: its player acted). */
export function missedInRow(c: ClockRecord, key: string, n: number): ClockRecord {
  if ((c.missed?.[key] ?? 0) === n) return c;
  const { [key]: _old, ...rest } = c.missed ?? {};
  const missed = n > 0 ? { ...rest, [key]: n } : rest;
  const { missed: _gone, ...without } = c;
  return Object.keys(missed).length ? { ...without, missed } : without;
}

/** The same clock with a running key's decision marked as dealt with (no timer for the rest of it). */
export function handOff(c: ClockRecord, key: string): ClockRecord {
  return withRuns(
    c,
    runsOf(c).map((x) => (x.faction === key ? { ...x, handedOff: true as const } : x)),
  );
}

/** What every seat and spectator may see: the settings, each key's time left, which one runs. */
export interface ClockView {
  mode: TimedSettings['mode'];
  atZero: TimedSettings['atZero'];
  baseSeconds?: number;
  incrementSeconds?: number;
  decisionSeconds?: number;
  /** Live: each key's time left now; correspondence: the running key's time to its deadline. */
  remainingMs: Partial<Record<string, number>>;
  running: string | null;
  /** Absolute time at which the running key's time runs out (clients count down to it). */
  deadline: number | null;
  flagged: string[];
  /** A game whose clocks run per seat (several at once in simultaneous phases), by playerID. */
  seats?: Record<string, SeatClockView>;
  /** The server's time when this was made, so a client with a wrong clock can correct for it. */
  serverNow: number;
}

/** One seat's clock: its time left now (live: its bank; correspondence: to its deadline, or none). */
export interface SeatClockView {
  remainingMs: number | null;
  running: boolean;
  deadline: number | null;
  flagged: boolean;
}

export function viewOf(c: ClockRecord, now: number): ClockView {
  const s = c.settings;
  const runs = runsOf(c);
  const left = (k: string) => {
    const r = runs.find((x) => x.faction === k);
    if (s.mode === 'live') return Math.max(0, r ? r.deadline - now : (c.bankMs[k] ?? 0));
    return r ? Math.max(0, r.deadline - now) : null;
  };
  const settings = {
    mode: s.mode,
    atZero: s.atZero,
    ...(s.mode === 'live' ? { baseSeconds: s.baseSeconds, incrementSeconds: s.incrementSeconds } : { decisionSeconds: s.decisionSeconds }),
  };
  if (c.seats) {
    const seats: Record<string, SeatClockView> = {};
    for (const k of Object.keys(c.bankMs)) {
      const r = runs.find((x) => x.faction === k);
      seats[k] = { remainingMs: left(k), running: !!r, deadline: r?.deadline ?? null, flagged: c.flagged.includes(k) };
    }
    // The named fields stay empty: they are for games whose clocks have names (clockNames).
    return { ...settings, remainingMs: {}, running: null, deadline: null, flagged: [], seats, serverNow: now };
  }
  const r = c.running;
  const remainingMs: Partial<Record<string, number>> = {};
  if (s.mode === 'live') for (const k of Object.keys(c.bankMs)) remainingMs[k] = left(k)!;
  else if (r) remainingMs[r.faction] = Math.max(0, r.deadline - now);
  return {
    ...settings,
    remainingMs,
    running: r?.faction ?? null,
    deadline: r?.deadline ?? null,
    flagged: c.flagged,
    serverNow: now,
  };
}
