/**
 * The legal-move listing. Set-up moves are listed in full. Orders are sets, too many to list: the
 * listing holds the empty orders and every order with a single item (one purchase, one piece moved,
 * one shot, all throws at one square); any combination of items is checked by whyIllegal / whyNoOrders.
 * orderMenu gives the items themselves, for a UI or a bot composing orders. Works on the state and on
 * the acting seat's own view (it reads only public state).
 */
import { INVENTIONS } from '../data/inventions.js';
import type { BuyOrders, DeresState, DeresView, MoveOrders, Orders, Pos, Seat, ShootOrders } from '../types.js';
import { allSquares, key } from './board.js';
import { buyCost, fortCost, fortSquares, regimentSquares, slaveFortOk } from './buy.js';
import { legalShots, type ShotOption } from './combat.js';
import { endSquares, recallSquares } from './move.js';
import { landingSquares } from './supply.js';
import { capitalSpotOk, lonelySpotExists, supplySpotOk } from './setup.js';
import { whyNoOrders } from './validate.js';
import { NATION_IDS } from '../types.js';
import { rulesOf, upgradeCost } from './kernel.js';

export interface LegalMove {
  move: string;
  args: unknown[];
}

export interface OrderMenu {
  phase: DeresState['phase'];
  /** buy */
  regimentSquares: Pos[];
  fortSquares: { at: Pos; cost: number }[];
  /** Cost of each further upgrade, in order (empty at 8). */
  upgradeCosts: number[];
  fortUpgradable: string[];
  /** move: per piece, the squares it can end on without invention IX (own pieces moving away are not counted as leaving), and Yellow's jump-home squares. */
  moves: { piece: string; from: Pos; dests: Pos[]; recall: Pos[] }[];
  /** shoot */
  shots: ShotOption[];
  /** spread: how many throws, and where aims may go. */
  throws: number;
}

const EMPTY_BUY: BuyOrders = { kind: 'buy', regiments: [], forts: [], upgrades: 0, fortUpgrades: [], loan: false, repay: 0 };

export function orderMenu(V: DeresState | DeresView, seat: Seat): OrderMenu {
  const G = V as DeresState;
  const menu: OrderMenu = {
    phase: G.phase,
    regimentSquares: [],
    fortSquares: [],
    upgradeCosts: [],
    fortUpgradable: [],
    moves: [],
    shots: [],
    throws: 0,
  };
  if (!G.mustSubmit.includes(seat)) return menu;
  const n = G.nations[seat]!;
  if (G.phase === 'buy') {
    menu.regimentSquares = regimentSquares(G, seat);
    menu.fortSquares = fortSquares(G, seat).map((at) => ({ at, cost: fortCost(G, seat, at) }));
    for (let k = n.upgrades + 1; k <= 8; k++) menu.upgradeCosts.push(upgradeCost(G, seat, k));
    if (rulesOf(G, seat).fortUpgrades) menu.fortUpgradable = G.forts.filter((f) => f.owner === seat && !f.castle).map((f) => f.id);
  } else if (G.phase === 'move') {
    const pieces = [
      ...G.regiments.filter((r) => r.owner === seat),
      ...G.forts.filter((f) => f.owner === seat && !f.castle && rulesOf(G, seat).fortsMove),
    ];
    const recall = rulesOf(G, seat).recall ? recallSquares(G, seat) : [];
    for (const p of pieces)
      menu.moves.push({
        piece: p.id,
        from: { x: p.x, y: p.y },
        dests: endSquares(G, seat, p.id, false),
        recall: 'born' in p && !('castle' in p) ? recall : [],
      });
  } else if (G.phase === 'shoot') menu.shots = legalShots(G, seat);
  else if (G.phase === 'spread') menu.throws = G.toThrow[seat] ?? 0;
  return menu;
}

/** Candidate orders with one item each (all checked), empty orders first. */
function singleOrders(G: DeresState, seat: Seat): Orders[] {
  const m = orderMenu(G, seat);
  const out: Orders[] = [];
  const n = G.nations[seat]!;
  if (G.phase === 'buy') {
    const b = (o: Partial<BuyOrders>): BuyOrders => ({ ...EMPTY_BUY, ...o });
    out.push(b({}), b({ upgrades: 1 }), b({ loan: true }), b({ repay: 1 }));
    for (const p of m.regimentSquares) out.push(b({ regiments: [p] }));
    for (const f of m.fortSquares) out.push(b({ forts: [f.at] }));
    for (const id of m.fortUpgradable) out.push(b({ fortUpgrades: [id] }));
    if (n.inventions.includes('I')) for (const f of G.forts.filter((x) => x.owner === seat && !x.castle)) out.push(b({ castle: f.id }));
    if (n.inventions.includes('V'))
      for (const p of allSquares(G.board).filter((q) => slaveFortOk(G, seat, q))) out.push(b({ slaveFort: p }));
    if (n.inventions.includes('VIII') && m.regimentSquares.length >= 2)
      out.push(b({ conscripts: rulesOf(G, seat).stacks ? [m.regimentSquares[0]!, m.regimentSquares[0]!] : m.regimentSquares.slice(0, 2) }));
  } else if (G.phase === 'move') {
    const mv = (o: Partial<MoveOrders>): MoveOrders => ({ kind: 'move', moves: [], ...o });
    out.push(mv({}));
    if (n.inventions.includes('IX')) out.push(mv({ explorer: true }));
    for (const p of m.moves) {
      for (const d of p.dests) out.push(mv({ moves: [{ piece: p.piece, to: d }] }));
      for (const d of p.recall) out.push(mv({ moves: [{ piece: p.piece, to: d, recall: true }] }));
    }
  } else if (G.phase === 'shoot') {
    const sh = (o: Partial<ShootOrders>): ShootOrders => ({ kind: 'shoot', shot: null, ...o });
    out.push(sh({}));
    for (const s of m.shots) {
      out.push(sh({ shot: { shooter: s.shooter, target: s.target } }));
      if (n.inventions.includes('III')) out.push(sh({ shot: { shooter: s.shooter, target: s.target, sniper: true } }));
    }
    if (n.inventions.includes('IV')) out.push(sh({ bombard: true }));
    const enemies = [...new Map(G.regiments.filter((r) => r.owner !== seat).map((r) => [key(r), { x: r.x, y: r.y }])).values()];
    if (n.inventions.includes('VI') && enemies.length >= 3) out.push(sh({ artillery: enemies.slice(0, 3) }));
    if (n.inventions.includes('X')) for (const e of enemies) out.push(sh({ gas: e }));
  } else if (G.phase === 'spread') {
    for (const p of landingSquares(G)) out.push({ kind: 'spread', aims: Array(m.throws).fill(p) });
  }
  // Single moves come from endSquares and recallSquares, valid by construction; the rest are checked.
  if (G.phase === 'move') return out;
  if (G.phase === 'buy') {
    const squares = { regiments: m.regimentSquares, forts: m.fortSquares.map((f) => f.at) };
    return out.filter((o) => !('code' in buyCost(G, seat, o as BuyOrders, squares)));
  }
  return out.filter((o) => whyNoOrders(G, seat, o) === null);
}

export function legalActions(V: DeresState | DeresView, seat: Seat): LegalMove[] {
  const G = V as DeresState;
  const out: LegalMove[] = [];
  const n = G.nations[seat];
  if (G.result || !n || n.out) return out;
  if (G.setupTurn === seat) {
    if (G.phase === 'chooseNation')
      for (const nation of NATION_IDS)
        if (!G.seats.some((s) => G.nations[s]!.nation === nation)) out.push({ move: 'chooseNation', args: [{ nation }] });
    if (G.phase === 'buildMap')
      G.slots.forEach((s, slot) => {
        if (!s.tile) for (let rotation = 0; rotation < 4; rotation++) out.push({ move: 'placeTile', args: [{ slot, rotation }] });
      });
    if (G.phase === 'placeSupplies') {
      const anyLonely = lonelySpotExists(G);
      for (const p of allSquares(G.board)) if (supplySpotOk(G, p, anyLonely)) out.push({ move: 'placeSupply', args: [p] });
    }
    if (G.phase === 'placeCapital')
      for (const p of allSquares(G.board)) if (capitalSpotOk(G, p)) out.push({ move: 'placeCapital', args: [p] });
  }
  if (G.mustSubmit.includes(seat) && G.submitted[seat] === false) {
    out.push({ move: 'submitEmpty', args: [{}] });
    for (const o of singleOrders(G, seat)) out.push({ move: 'submitOrders', args: [o] });
  }
  if (G.round > 0) {
    for (const i of n.inventions) if (INVENTIONS[i].use === 'now') out.push({ move: 'useInvention', args: [{ invention: i }] });
    if (!G.surrender) out.push({ move: 'proposeSurrender', args: [{}] });
    else if (G.surrender.seat !== seat && !G.surrender.consents.includes(seat)) {
      out.push({ move: 'answerSurrender', args: [{ accept: true }] });
      out.push({ move: 'answerSurrender', args: [{ accept: false }] });
    }
  }
  return out;
}
