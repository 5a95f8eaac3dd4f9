/**
 * The random player: picks a legal set-up move at random, and composes random orders from the order
 * menu (a few purchases, most pieces moved somewhere, a random shot), falling back to an order with a
 * single item from the legal listing when the composition is refused.
 */
import { legalActions, orderMenu, type LegalMove } from '../engine/legal.js';
import { landingSquares } from '../engine/supply.js';
import { whyNoOrders } from '../engine/validate.js';
import type { BuyOrders, DeresState, DeresView, Orders, Seat } from '../types.js';

/** Uniform numbers in [0, 1); bots take their chance from the caller, never from Math.random. */
export type Uniform = () => number;

export const pick = <T>(xs: readonly T[], u: Uniform): T => xs[Math.floor(u() * xs.length)]!;

function shuffled<T>(xs: readonly T[], u: Uniform): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(u() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

function composeRandom(V: DeresState | DeresView, seat: Seat, u: Uniform): Orders | null {
  const G = V as DeresState;
  const m = orderMenu(G, seat);
  const n = G.nations[seat]!;
  if (G.phase === 'buy') {
    const o: BuyOrders = { kind: 'buy', regiments: [], forts: [], upgrades: 0, fortUpgrades: [], loan: false, repay: 0 };
    let budget = n.supplies;
    if (n.loaned > 0 && budget >= 1 && u() < 0.5) {
      o.repay = Math.min(n.loaned, budget);
      budget -= o.repay;
    }
    if (n.loaned - o.repay === 0 && m.upgradeCosts[0] !== undefined && m.upgradeCosts[0] <= budget && u() < 0.6) {
      o.upgrades = 1;
      budget -= m.upgradeCosts[0];
    }
    if (m.fortSquares.length && u() < 0.4) {
      const f = pick(m.fortSquares, u);
      if (f.cost <= budget) {
        o.forts.push(f.at);
        budget -= f.cost;
      }
    }
    for (const p of shuffled(m.regimentSquares, u)) {
      if (budget < 1 || u() < 0.3) break;
      if (o.forts.some((f) => f.x === p.x && f.y === p.y)) continue;
      o.regiments.push(p);
      budget--;
    }
    if (n.supplies === 0 && u() < 0.2) o.loan = true;
    return o;
  }
  if (G.phase === 'move') {
    const taken = new Set<string>();
    const moves = [];
    for (const p of shuffled(m.moves, u)) {
      if (!p.dests.length || u() < 0.2) continue;
      const d = pick(p.dests, u);
      if (taken.has(`${d.x},${d.y}`)) continue;
      taken.add(`${d.x},${d.y}`);
      moves.push({ piece: p.piece, to: d });
    }
    return { kind: 'move', moves };
  }
  if (G.phase === 'shoot') {
    if (!m.shots.length || u() < 0.15) return { kind: 'shoot', shot: null };
    const s = pick(m.shots, u);
    return { kind: 'shoot', shot: { shooter: s.shooter, target: s.target } };
  }
  if (G.phase === 'spread') {
    const squares = landingSquares(G);
    return { kind: 'spread', aims: squares.length ? Array.from({ length: m.throws }, () => pick(squares, u)) : [] };
  }
  return null;
}

/** The random player's next move for `seat`, or null if it has nothing to do. */
export function randomMove(V: DeresState | DeresView, seat: Seat, u: Uniform, listed?: LegalMove[]): LegalMove | null {
  const G = V as DeresState;
  const asked = G.mustSubmit.includes(seat) && G.submitted[seat] === false;
  if (asked) {
    const o = composeRandom(G, seat, u);
    if (o && whyNoOrders(G, seat, o) === null) return { move: 'submitOrders', args: [o] };
  }
  const legal = (listed ?? legalActions(G, seat)).filter((l) => l.move !== 'proposeSurrender' && l.move !== 'answerSurrender');
  const orders = legal.filter((l) => l.move === 'submitOrders' || l.move === 'submitEmpty');
  if (asked && orders.length) return pick(orders, u);
  const rest = legal.filter((l) => l.move !== 'useInvention');
  return rest.length ? pick(rest, u) : null;
}
