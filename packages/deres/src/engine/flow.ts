/**
 * The order of play after set-up: rounds of buy, move, shooting rounds, collect, spread. In each order
 * step every asked nation submits secretly; when the last has submitted (or been given an empty
 * submission by the clock) the orders are revealed in the log and carried out together.
 */
import type { BuyOrders, DeresState, MoveOrders, Orders, OrderPhase, Seat, ShootOrders, SpreadOrders, Stage } from '../types.js';
import { resolveBuy } from './buy.js';
import { checkEnd, endByRounds } from './end.js';
import { fail, living, log, nationOf, nextSeat, shotsPerRound, type Rng } from './kernel.js';
import { resolveMoves } from './move.js';
import { answerers, hasShotChoice, resolveShootingRound } from './shoot.js';
import { collect, resolveSpread, shareThrows } from './supply.js';
import { whyNoOrders } from './validate.js';
import { useUp } from './buy.js';

export function startRound(G: DeresState): void {
  if (G.options.maxRounds !== null && G.round >= G.options.maxRounds) {
    endByRounds(G);
    return;
  }
  G.round++;
  G.toThrow = {};
  if (G.round > 1) G.firstPlayer = nextSeat(G, G.firstPlayer);
  for (const r of G.regiments) r.firedIn = 0;
  for (const f of G.forts) f.firedIn = 0;
  for (const s of G.seats) {
    const n = G.nations[s]!;
    n.explorer = false;
    n.bombard = false;
  }
  beginStep(G, 'buy', living(G));
}

function beginStep(G: DeresState, phase: OrderPhase, asked: Seat[]): void {
  G.phase = phase;
  G.setupTurn = null;
  G.orders = Object.fromEntries(G.seats.map((s) => [s, null]));
  G.mustSubmit = asked;
  G.submitted = Object.fromEntries(asked.map((s) => [s, false]));
}

/** Store `seat`'s orders (replacing earlier ones of this step); resolve when everyone has submitted. */
export function submit(G: DeresState, seat: Seat, orders: Orders | null, rng: Rng): void {
  if (!G.mustSubmit.includes(seat)) fail('no-orders-now');
  if (G.submitted[seat] === undefined) fail('no-orders-now');
  if (orders) {
    if (orders.kind !== G.phase) fail('wrong-orders', { phase: G.phase });
    const why = whyNoOrders(G, seat, orders);
    if (why) fail(why);
  }
  G.orders[seat] = orders ?? emptyOrders(G, seat);
  G.submitted[seat] = true;
  if (G.mustSubmit.every((s) => G.submitted[s])) resolveStep(G, rng);
}

/** What a seat does if it gives nothing: buys nothing, stays, passes, or lets the game aim its throws. */
export function emptyOrders(G: DeresState, _seat: Seat): Orders {
  switch (G.phase) {
    case 'buy':
      return { kind: 'buy', regiments: [], forts: [], upgrades: 0, fortUpgrades: [], loan: false, repay: 0 };
    case 'move':
      return { kind: 'move', moves: [] };
    case 'shoot':
      return { kind: 'shoot', shot: null };
    default:
      return { kind: 'spread', aims: [] };
  }
}

/** Orders still valid now (an invention played at once may have changed things); the rest become empty. */
function revealed(G: DeresState): Record<Seat, Orders> {
  const out: Record<Seat, Orders> = {};
  for (const s of G.mustSubmit) {
    const o = G.orders[s] ?? emptyOrders(G, s);
    out[s] = o.kind === 'spread' || !whyNoOrders(G, s, o) ? o : emptyOrders(G, s);
  }
  log(G, { t: 'reveal', phase: G.phase as OrderPhase, round: G.round, shootingRound: G.shootingRound, step: G.step, orders: out });
  return out;
}

function resolveStep(G: DeresState, rng: Rng): void {
  const orders = revealed(G);
  G.orders = Object.fromEntries(G.seats.map((s) => [s, null]));
  if (G.phase === 'buy') {
    resolveBuy(G, orders as Record<Seat, BuyOrders>, rng);
    if (checkEnd(G)) return;
    beginStep(G, 'move', living(G));
  } else if (G.phase === 'move') {
    for (const [s, o] of Object.entries(orders as Record<Seat, MoveOrders>))
      if (o.explorer) {
        nationOf(G, s).explorer = true;
        useUp(G, s, 'IX');
      }
    resolveMoves(G, orders as Record<Seat, MoveOrders>);
    for (const s of living(G)) nationOf(G, s).shotsLeft = shotsPerRound(G, s);
    G.shootingRound = 0;
    nextShootingRound(G, rng);
  } else if (G.phase === 'shoot') {
    const answered = new Set<Seat>();
    if (G.step === 'declare') {
      G.declared = orders;
      const answering = answerers(G);
      if (answering.length) {
        G.step = 'answer';
        beginStep(G, 'shoot', answering);
        return;
      }
    } else {
      for (const [s, o] of Object.entries(orders)) {
        G.declared[s] = o;
        answered.add(s);
      }
    }
    resolveShootingRound(G, G.declared as Record<Seat, ShootOrders>, answered, rng);
    G.declared = {};
    if (G.result) return;
    nextShootingRound(G, rng);
  } else if (G.phase === 'spread') {
    const missed = resolveSpread(G, orders as Record<Seat, SpreadOrders>, rng);
    G.spreadStep++;
    if (Object.keys(missed).length) beginSpread(G, missed, rng);
    else startRound(G);
  }
}

function nextShootingRound(G: DeresState, rng: Rng): void {
  G.phase = 'shoot';
  const withShots = living(G).filter((s) => G.nations[s]!.shotsLeft > 0);
  if (!withShots.length) {
    G.shootingRound = 0;
    G.step = null;
    collectAndSpread(G, rng);
    return;
  }
  G.shootingRound++;
  G.step = 'declare';
  G.declared = {};
  const asked = withShots.filter((s) => hasShotChoice(G, s));
  beginStep(G, 'shoot', asked);
  // Nobody can do anything: everyone passes at once (the shots are spent).
  if (!asked.length) resolveStep(G, rng);
}

function collectAndSpread(G: DeresState, rng: Rng): void {
  collect(G);
  G.spreadStep = 0;
  beginSpread(G, shareThrows(G), rng);
}

function beginSpread(G: DeresState, throws: Record<Seat, number>, rng: Rng): void {
  G.toThrow = Object.fromEntries(Object.entries(throws).filter(([s, k]) => k > 0 && !G.nations[s]!.out));
  const asked = Object.keys(G.toThrow);
  if (!asked.length) {
    G.toThrow = {};
    startRound(G);
    return;
  }
  beginStep(G, 'spread', asked);
  void rng;
}

/** Seats the game waits for now: the set-up turn's seat, or those that have yet to submit orders. */
export function waitingFor(G: Pick<DeresState, 'result' | 'setupTurn' | 'mustSubmit' | 'submitted'>): Seat[] {
  if (G.result) return [];
  if (G.setupTurn !== null) return [G.setupTurn];
  return G.mustSubmit.filter((s) => G.submitted[s] === false);
}

/** Each seat's boardgame.io stage now (eliminated seats and a finished game: none). */
export function stages(
  G: Pick<DeresState, 'result' | 'seats' | 'nations' | 'phase' | 'setupTurn' | 'mustSubmit' | 'submitted'>,
): Record<Seat, Stage> {
  const out: Record<Seat, Stage> = {};
  if (G.result) return out;
  for (const s of G.seats) {
    if (G.nations[s]!.out) continue;
    if (G.setupTurn !== null) out[s] = G.setupTurn === s ? 'setup' : 'idle';
    else out[s] = G.mustSubmit.includes(s) && !G.submitted[s] ? 'orders' : 'waiting';
  }
  return out;
}

/** After a knock-out outside a resolution (surrender): finish the step if only submitted seats remain. */
export function settle(G: DeresState, rng: Rng): void {
  if (checkEnd(G, 'surrender')) return;
  if (G.setupTurn === null && G.mustSubmit.length && G.mustSubmit.every((s) => G.submitted[s])) resolveStep(G, rng);
  else if (G.setupTurn === null && !G.mustSubmit.length && G.phase !== 'over') {
    // Every asked seat left: move on as if all had submitted.
    resolveStep(G, rng);
  }
}

export { checkEnd };
void log;
