/**
 * A simple evaluating player that plays to win. Its plan: ring the capital with its own pieces (a
 * capital can only be shot from a square beside it), build forts for income, gather supplies, put
 * every spare supply into upgrades (eight upgrades win, and upgrades rank first at a round limit),
 * and take the shot with the best expected value, a capital above all. Reads only the seat's view.
 */
import { dist, land, livingCapital, neighbours, suppliesAt } from '../engine/board.js';
import { legalActions, orderMenu, type LegalMove } from '../engine/legal.js';
import { upgradeCost } from '../engine/kernel.js';
import { capitalSpotOk } from '../engine/setup.js';
import { landingSquares } from '../engine/supply.js';
import { whyNoOrders } from '../engine/validate.js';
import type { BuyOrders, DeresState, DeresView, MoveStep, Pos, Seat, ShootOrders } from '../types.js';
import { randomMove, type Uniform } from './random.js';

const NATION_PREFERENCE = ['rod', 'gul', 'lilla', 'gronn'] as const;
/** Regiments kept beside the capital. */
const GUARDS = 2;

const chance = (needed: number) => Math.max(0, Math.min(12, 13 - needed)) / 12;

function setupMove(G: DeresState, seat: Seat, u: Uniform): LegalMove | null {
  const legal = legalActions(G, seat);
  if (G.phase === 'chooseNation') {
    for (const n of NATION_PREFERENCE) {
      const m = legal.find((l) => (l.args[0] as { nation: string }).nation === n);
      if (m) return m;
    }
  }
  if (G.phase === 'placeCapital') {
    // Far from the other capitals, with room around it.
    const others = G.seats.map((s) => G.capitals[s]).filter((c): c is NonNullable<typeof c> => !!c);
    let best: LegalMove | null = null;
    let score = -Infinity;
    for (const l of legal) {
      const p = l.args[0] as Pos;
      if (!capitalSpotOk(G, p)) continue;
      const room = neighbours(G.board, p).filter((q) => land(G.board, q)).length;
      const s = Math.min(99, ...others.map((c) => dist(c, p))) + room;
      if (s > score) [best, score] = [l, s];
    }
    if (best) return best;
  }
  return legal.length ? legal[Math.floor(u() * legal.length)]! : null;
}

function buyOrders(G: DeresState, seat: Seat): BuyOrders {
  const n = G.nations[seat]!;
  const m = orderMenu(G, seat);
  const o: BuyOrders = { kind: 'buy', regiments: [], forts: [], upgrades: 0, fortUpgrades: [], loan: false, repay: 0 };
  let budget = n.supplies;
  const cap = livingCapital(G, seat);
  const guards = cap ? G.regiments.filter((r) => r.owner === seat && dist(r, cap) === 1).length : 0;
  if (n.inventions.includes('VIII') && m.regimentSquares.length >= 2) o.conscripts = m.regimentSquares.slice(0, 2);
  const used = new Set((o.conscripts ?? []).map((p) => `${p.x},${p.y}`));
  const place = (p: Pos) => {
    used.add(`${p.x},${p.y}`);
    o.regiments.push(p);
    budget--;
  };
  const mine = G.regiments.filter((r) => r.owner === seat);
  const gatherers = mine.filter((r) => !cap || dist(r, cap) > 1).length;
  const forts = G.forts.filter((f) => f.owner === seat).length;
  const fortSpots = [...m.fortSquares].sort((a, b) => a.cost - b.cost);
  const buildFort = () => {
    const f = fortSpots.find((x) => x.cost <= budget && !used.has(`${x.at.x},${x.at.y}`));
    if (!f) return;
    o.forts.push(f.at);
    used.add(`${f.at.x},${f.at.y}`);
    budget -= f.cost;
  };
  const free = (p: Pos) => !used.has(`${p.x},${p.y}`);
  // Income first: two forts, then gatherers for the supplies on the map.
  if (forts < 2) buildFort();
  const spots = cap ? [...m.regimentSquares].sort((a, b) => dist(b, cap) - dist(a, cap)) : m.regimentSquares;
  for (const p of spots) if (budget >= 1 && gatherers + o.regiments.length < 3 && free(p)) place(p);
  if (n.loaned > 0 && budget >= n.loaned) {
    o.repay = n.loaned;
    budget -= n.loaned;
  }
  // Upgrades whenever affordable (and nothing is lent): eight win, and they rank first at a round limit.
  while (
    n.loaned - o.repay === 0 &&
    m.upgradeCosts[o.upgrades] !== undefined &&
    upgradeCost(G, seat, n.upgrades + o.upgrades + 1) <= budget
  ) {
    budget -= m.upgradeCosts[o.upgrades]!;
    o.upgrades++;
  }
  const nearCap = cap ? m.regimentSquares.filter((p) => dist(p, cap) === 1) : [];
  for (const p of nearCap) if (guards + o.regiments.length - gatherers < GUARDS && budget >= 1 && free(p)) place(p);
  if (forts + o.forts.length < 4) buildFort();
  const castleable = G.forts.find((f) => f.owner === seat && !f.castle && f.upgrades === 0);
  if (n.inventions.includes('I') && castleable) o.castle = castleable.id;
  return o;
}

function moveSteps(G: DeresState, seat: Seat): MoveStep[] {
  const m = orderMenu(G, seat);
  const cap = livingCapital(G, seat);
  const supplies: Pos[] = [];
  G.mapSupplies.forEach((k, i) => {
    if (k > 0) supplies.push({ x: i % G.board.width, y: Math.floor(i / G.board.width) });
  });
  const taken = new Set<string>();
  const steps: MoveStep[] = [];
  const enemyCapitals = G.seats.filter((s) => s !== seat).flatMap((s) => (livingCapital(G, s) ? [livingCapital(G, s)!] : []));
  let guards = cap ? G.regiments.filter((r) => r.owner === seat && dist(r, cap) === 1).length : 0;
  for (const p of m.moves) {
    const isGuard = cap && dist(p.from, cap) === 1;
    // Guards stay only once there are enough regiments to gather as well.
    if (isGuard && guards <= GUARDS && m.moves.length > GUARDS + 1) continue;
    if (suppliesAt(G, p.from) > 0) continue;
    const open = supplies.filter((s) => !taken.has(`${s.x},${s.y}`));
    // Towards the nearest supply; with none left, towards the nearest enemy capital.
    const targets = open.length ? open : enemyCapitals;
    const goal = (q: Pos) => Math.min(99, ...targets.map((s) => dist(s, q)));
    let best: Pos | null = null;
    let score = goal(p.from);
    for (const d of p.dests) {
      if (taken.has(`${d.x},${d.y}`)) continue;
      const s = goal(d);
      if (s < score) [best, score] = [d, s];
    }
    if (best) {
      taken.add(`${best.x},${best.y}`);
      steps.push({ piece: p.piece, to: best });
      if (isGuard) guards--;
    }
  }
  return steps;
}

function shootOrders(G: DeresState, seat: Seat): ShootOrders {
  const m = orderMenu(G, seat);
  const n = G.nations[seat]!;
  const cap = livingCapital(G, seat);
  let best: ShootOrders = { kind: 'shoot', shot: null };
  let value = 0;
  for (const s of m.shots) {
    const capSeat = G.seats.find((x) => G.capitals[x] && G.capitals[x]!.x === s.target.x && G.capitals[x]!.y === s.target.y);
    const worth =
      capSeat !== undefined
        ? 100
        : G.forts.some((f) => f.x === s.target.x && f.y === s.target.y)
          ? 3
          : cap && dist(cap, s.target) <= 2
            ? 6
            : 2;
    const sniper = capSeat !== undefined && n.inventions.includes('III');
    const v = worth * (sniper ? 1 : chance(s.needed));
    if (v > value) {
      value = v;
      best = { kind: 'shoot', shot: { shooter: s.shooter, target: s.target, ...(sniper ? { sniper: true } : {}) } };
    }
  }
  if (G.step === 'declare') {
    if (best.shot && n.inventions.includes('IV')) best.bombard = true;
    const enemies = [...new Map(G.regiments.filter((r) => r.owner !== seat).map((r) => [`${r.x},${r.y}`, { x: r.x, y: r.y }])).values()];
    if (n.inventions.includes('VI') && enemies.length >= 3) best.artillery = enemies.slice(0, 3);
  }
  return best;
}

function spreadAims(G: DeresState, seat: Seat): Pos[] {
  const m = orderMenu(G, seat);
  const cap = livingCapital(G, seat);
  const mine = G.regiments.filter((r) => r.owner === seat);
  const anchor = mine[0] ?? cap ?? { x: 0, y: 0 };
  let best: Pos = anchor;
  let score = Infinity;
  for (const p of landingSquares(G)) {
    // Close to own regiments, with land all round so that a stray throw still lands.
    const around = neighbours(G.board, p).filter((q) => land(G.board, q)).length;
    const s = dist(p, anchor) * 2 - around;
    if (s < score) [best, score] = [p, s];
  }
  return Array(m.throws).fill(best);
}

/** The evaluating player's next move for `seat`, or null if it has nothing to do. */
export function greedyMove(V: DeresState | DeresView, seat: Seat, u: Uniform): LegalMove | null {
  const G = V as DeresState;
  if (G.result || G.nations[seat]?.out) return null;
  const n = G.nations[seat]!;
  if (G.surrender && G.surrender.seat !== seat && !G.surrender.consents.includes(seat))
    return { move: 'answerSurrender', args: [{ accept: true }] };
  for (const i of ['II', 'VII'] as const) if (n.inventions.includes(i)) return { move: 'useInvention', args: [{ invention: i }] };
  if (G.setupTurn === seat) return setupMove(G, seat, u);
  if (!G.mustSubmit.includes(seat) || G.submitted[seat] !== false) return null;
  const o =
    G.phase === 'buy'
      ? buyOrders(G, seat)
      : G.phase === 'move'
        ? { kind: 'move' as const, moves: moveSteps(G, seat) }
        : G.phase === 'shoot'
          ? shootOrders(G, seat)
          : { kind: 'spread' as const, aims: spreadAims(G, seat) };
  if (whyNoOrders(G, seat, o) === null) return { move: 'submitOrders', args: [o] };
  return randomMove(G, seat, u);
}
