/**
 * A match's clock as pure data and the rules that move it; no timers and no I/O (service.ts does
 * those). One faction decides at any moment (the engine's `actor`), so at most one clock runs. A
 * decision is the stretch in which one faction must act: it begins when that faction becomes the
 * actor and ends when the game hands the decision to another faction (or ends). A live clock spends
 * the faction's bank during its decisions and adds the increment when one ends; a correspondence
 * clock gives each decision its own deadline.
 */
import { FACTIONS, type Faction } from '@kon/game';
import type { TimedSettings } from './settings';

export interface Running {
  faction: Faction;
  /** When this decision began (ms since the epoch). */
  since: number;
  /** The state ID at which it began: names the decision (notifications, stale timers). */
  stateID: number;
  /** When the faction's time runs out in this decision. */
  deadline: number;
  /** Time ran out and a computer player took the seat: no timer for the rest of this decision. */
  handedOff?: true;
}

export interface ClockRecord {
  v: 1;
  settings: TimedSettings;
  /** Live clocks: each faction's bank at the start of its current or next decision. */
  bankMs: Record<Faction, number>;
  running: Running | null;
  /** Factions whose time has run out at least once (shown; a 'pass' match goes on). */
  flagged: Faction[];
}

export function newClock(settings: TimedSettings): ClockRecord {
  const bank = settings.mode === 'live' ? settings.baseSeconds * 1000 : 0;
  return {
    v: 1,
    settings,
    bankMs: Object.fromEntries(FACTIONS.map((f) => [f, bank])) as Record<Faction, number>,
    running: null,
    flagged: [],
  };
}

function deadlineFor(c: ClockRecord, faction: Faction, now: number): number {
  return c.settings.mode === 'live' ? now + Math.max(0, c.bankMs[faction]) : now + c.settings.decisionSeconds * 1000;
}

/**
 * The clock after the game reached `stateID` with `actor` to decide (null: nobody, the game is over).
 * A decision that goes on (same faction) keeps its start and deadline.
 */
export function advance(c: ClockRecord, actor: Faction | null, stateID: number, now: number): ClockRecord {
  const r = c.running;
  if (r && actor === r.faction) return c;
  const bankMs = { ...c.bankMs };
  if (r && c.settings.mode === 'live') {
    // The increment comes with every finished decision, also one the server passed when time ran out.
    bankMs[r.faction] = Math.max(0, bankMs[r.faction] - (now - r.since)) + c.settings.incrementSeconds * 1000;
  }
  const next: ClockRecord = { ...c, bankMs, running: null };
  if (actor) next.running = { faction: actor, since: now, stateID, deadline: deadlineFor(next, actor, now) };
  return next;
}

/** Mark the running faction's time as used up (its bank is empty). */
export function flag(c: ClockRecord, now: number): ClockRecord {
  const r = c.running;
  if (!r) return c;
  const bankMs = c.settings.mode === 'live' ? { ...c.bankMs, [r.faction]: 0 } : c.bankMs;
  // Time is spent up to now: the next decision of this faction starts from an empty bank.
  return {
    ...c,
    bankMs,
    running: { ...r, since: now },
    flagged: c.flagged.includes(r.faction) ? c.flagged : [...c.flagged, r.faction],
  };
}

/** What every seat and spectator may see: the settings, each faction's time left, which one runs. */
export interface ClockView {
  mode: TimedSettings['mode'];
  atZero: TimedSettings['atZero'];
  baseSeconds?: number;
  incrementSeconds?: number;
  decisionSeconds?: number;
  /** Live: each faction's time left now; correspondence: the running faction's time to its deadline. */
  remainingMs: Partial<Record<Faction, number>>;
  running: Faction | null;
  /** Absolute time at which the running faction's time runs out (clients count down to it). */
  deadline: number | null;
  flagged: Faction[];
  /** The server's time when this was made, so a client with a wrong clock can correct for it. */
  serverNow: number;
}

export function viewOf(c: ClockRecord, now: number): ClockView {
  const s = c.settings;
  const r = c.running;
  const remainingMs: Partial<Record<Faction, number>> = {};
  if (s.mode === 'live') for (const f of FACTIONS) remainingMs[f] = Math.max(0, r?.faction === f ? r.deadline - now : c.bankMs[f]);
  else if (r) remainingMs[r.faction] = Math.max(0, r.deadline - now);
  return {
    mode: s.mode,
    atZero: s.atZero,
    ...(s.mode === 'live' ? { baseSeconds: s.baseSeconds, incrementSeconds: s.incrementSeconds } : { decisionSeconds: s.decisionSeconds }),
    remainingMs,
    running: r?.faction ?? null,
    deadline: r?.deadline ?? null,
    flagged: c.flagged,
    serverNow: now,
  };
}
