/**
 * A Deres match's public log as steps a player can look back through: the set-up (nations, the map,
 * supplies, capitals), then each set of orders revealed together with what came of it (purchases,
 * moves and clashes, each shooting round's rolls and losses, the throws of supplies), and the
 * collection of supplies. Each step ends at a log entry: the board right after it is that step's
 * result (the server's board-at-entry, the spectators' view: no unrevealed orders).
 */
import type { DeresEvent, DeresView, OrderPhase, ShootOrders, ShootStep } from '@kon/deres';
import { drawOrders, type DrawnOrder } from './order-words';

export type HistoryKind = 'nations' | 'map' | 'supplies' | 'capitals' | 'reveal' | 'collect';

export interface HistoryStep {
  kind: HistoryKind;
  /** Log indexes of the step's first and last entries. */
  first: number;
  last: number;
  /** For a reveal: the step it resolved. */
  round: number;
  phase: OrderPhase | null;
  shootingRound: number;
  step: ShootStep | null;
  events: DeresEvent[];
}

const SETUP: Partial<Record<DeresEvent['t'], HistoryKind>> = {
  nation: 'nations',
  tile: 'map',
  supplyPlaced: 'supplies',
  capital: 'capitals',
};

/** The log cut into steps, oldest first; every entry belongs to exactly one step. */
export function historySteps(log: readonly DeresEvent[]): HistoryStep[] {
  const out: HistoryStep[] = [];
  let round = 0;
  log.forEach((e, i) => {
    const cur = out.at(-1);
    const setup = SETUP[e.t];
    let kind: HistoryKind | null = null;
    if (setup) kind = cur?.kind === setup ? null : setup;
    else if (e.t === 'reveal') kind = 'reveal';
    else if (e.t === 'collect') kind = cur?.kind === 'collect' ? null : 'collect';
    if (e.t === 'reveal') round = e.round;
    if (kind || !cur) {
      out.push({
        kind: kind ?? 'reveal',
        first: i,
        last: i,
        round,
        phase: e.t === 'reveal' ? e.phase : null,
        shootingRound: e.t === 'reveal' ? e.shootingRound : 0,
        step: e.t === 'reveal' ? e.step : null,
        events: [e],
      });
    } else {
      cur.last = i;
      cur.events.push(e);
    }
  });
  return out;
}

/**
 * The orders a reveal step made public, drawn as the map draws a draft (arrows, shots with the roll
 * they needed), on `before`: the board they were written on (the entry before the step). An answer
 * step also carries out the shots declared in the step before (revealed there, rolled here): those
 * are drawn first, from their rolls, then the answers.
 */
export function revealedDrawn(before: Pick<DeresView, 'regiments' | 'forts'>, step: HistoryStep): DrawnOrder[] {
  const reveal = step.events.find((e) => e.t === 'reveal');
  if (!reveal) return [];
  const shots = step.events.flatMap((e) => (e.t === 'roll' ? [{ shooter: e.shooter, target: e.target, needed: e.needed }] : []));
  const declared = new Map<string, ShootOrders>();
  const of = (seat: string) => declared.get(seat) ?? declared.set(seat, { kind: 'shoot', shot: null }).get(seat)!;
  for (const e of step.events) {
    if ((e.t !== 'roll' && e.t !== 'artillery' && e.t !== 'gas') || Object.hasOwn(reveal.orders, e.seat)) continue;
    if (e.t === 'roll') of(e.seat).shot = { shooter: e.shooter, target: e.target, ...(e.sniper ? { sniper: true } : {}) };
    else if (e.t === 'artillery') of(e.seat).artillery = e.targets;
    else of(e.seat).gas = e.aim;
  }
  return [...declared, ...Object.entries(reveal.orders)].flatMap(([seat, o]) => drawOrders(before, seat, o, shots));
}
