/** Small shared pieces of the engine: errors, chance, and derived numbers of a nation. */
import { NATIONS, type NationRules } from '../data/nations.js';
import { refusalText, type RefusalCode, type RefusalParams } from '../data/refusals.js';
import { BASE_MOVE, BASE_SHOTS, MAX_MOVE, UPGRADES } from '../data/upgrades.js';
import type { DeresEvent, DeresState, NationState, Seat } from '../types.js';

/** Why the rules refuse something: a code of data/refusals.ts and the parameters its text names. */
export interface Why {
  readonly code: RefusalCode;
  readonly params: RefusalParams;
}
export function why(code: RefusalCode, params: RefusalParams = {}): Why {
  return { code, params };
}

/** A move that breaks a rule: refused, and the state is left as it was. Its message is the English text. */
export class RuleError extends Error {
  constructor(readonly why: Why) {
    super(refusalText(why.code, why.params, 'en'));
  }
  get code(): RefusalCode {
    return this.why.code;
  }
}
export function fail(code: RefusalCode | Why, params?: RefusalParams): never {
  throw new RuleError(typeof code === 'string' ? why(code, params) : code);
}

/** The only source of chance the rules use; on the server boardgame.io's seeded random. */
export interface Rng {
  d12(): number;
  shuffle<T>(items: T[]): T[];
}

/** The parts of the state the derived numbers read (state or view). */
export type Nations = Pick<DeresState, 'nations' | 'seats'>;

export function rulesOf(t: Nations, seat: Seat): NationRules {
  const n = t.nations[seat]?.nation;
  if (!n) fail('no-nation');
  return NATIONS[n];
}
export function nationOf(t: Nations, seat: Seat): NationState {
  const n = t.nations[seat];
  if (!n) fail('not-a-seat');
  return n;
}
export function living(t: Nations): Seat[] {
  return t.seats.filter((s) => !t.nations[s]!.out);
}
/** Seats clockwise starting at `from`. */
export function clockwise(t: Nations, from: Seat): Seat[] {
  const i = t.seats.indexOf(from);
  return [...t.seats.slice(i), ...t.seats.slice(0, i)];
}
export function nextSeat(t: Nations, from: Seat, skipOut = true): Seat {
  const order = clockwise(t, from);
  for (const s of order.slice(1)) if (!skipOut || !t.nations[s]!.out) return s;
  return from;
}

/** Movement points this round (with invention IX if `explorer`). */
export function movePoints(t: Nations, seat: Seat, explorer = nationOf(t, seat).explorer): number {
  const n = nationOf(t, seat);
  const mp = BASE_MOVE + rulesOf(t, seat).extraMove + UPGRADES[n.upgrades]!.move + (explorer ? 1 : 0);
  return Math.min(MAX_MOVE, mp);
}
/** Shots a round: the capital's, the upgrades' and the nation's. */
export function shotsPerRound(t: Nations, seat: Seat): number {
  return BASE_SHOTS + UPGRADES[nationOf(t, seat).upgrades]!.shotsTotal + rulesOf(t, seat).extraShots;
}
/** Supplies the next upgrade costs this nation. */
export function upgradeCost(t: Nations, seat: Seat, n: number): number {
  const cheap = rulesOf(t, seat).cheapFirstUpgrades;
  return n <= 2 && cheap !== null ? cheap : UPGRADES[n]!.cost;
}

export function newId(G: DeresState, prefix: string): string {
  return `${prefix}${G.nextId++}`;
}
export function log(G: DeresState, e: DeresEvent): void {
  G.log.push(e);
}

/** Hand out the events gathered so far and start a new batch (see DeresState.log). */
export function startLogBatch(G: DeresState): void {
  G.logBase = (G.logBase ?? 0) + G.log.length;
  G.log = [];
}
