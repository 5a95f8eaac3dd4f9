/** What must hold after every action of any game. Throws with the broken rule. */
import { START } from '../src/data/nations.js';
import { fortAt, index, key, land, ownersAt, regimentsAt } from '../src/engine/board.js';
import { viewFor } from '../src/engine/view.js';
import { NATIONS } from '../src/data/nations.js';
import { INVENTION_IDS, type DeresState } from '../src/types.js';
import { actors } from './helpers.js';

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

export function checkInvariants(G: DeresState): void {
  const cards: string[] = [...G.inventionBag];
  for (const s of G.seats) {
    const n = G.nations[s]!;
    cards.push(...n.inventions, ...n.used);
    check(n.inventions.length + n.used.length <= 2, `${s} holds at most two inventions`);
    check(Number.isInteger(n.supplies) && n.supplies >= 0, `${s} supplies ${n.supplies}`);
    check(n.upgrades >= 0 && n.upgrades <= 8, `${s} upgrades`);
    if (n.out) {
      check(!G.regiments.some((r) => r.owner === s) && !G.forts.some((f) => f.owner === s), `${s} out but has pieces`);
      check(!!G.capitals[s]?.destroyed, `${s} out with a standing capital`);
      continue;
    }
    const regs = G.regiments.filter((r) => r.owner === s).length;
    const onForts = G.forts.filter((f) => f.owner === s).reduce((a, f) => a + f.upgrades, 0);
    check(n.pool >= 0 && n.loaned >= 0 && n.pool + n.loaned + regs + onForts === START.regiments, `${s} regiments add up to 12`);
    const forts = G.forts.filter((f) => f.owner === s && !f.castle).length;
    check(n.fortStock >= 0 && n.fortStock + forts === START.forts, `${s} forts add up to 4`);
  }
  check(cards.length === INVENTION_IDS.length && new Set(cards).size === cards.length, 'each invention exactly once');
  const seen = new Set<string>();
  for (const p of [...G.regiments, ...G.forts]) {
    if (seen.has(key(p))) continue;
    seen.add(key(p));
    check(land(G.board, p), `piece on land at ${key(p)}`);
    const owners = ownersAt(G, p);
    check(owners.size === 1, `one owner at ${key(p)}`);
    const owner = [...owners][0]!;
    const stacks = NATIONS[G.nations[owner]!.nation!].stacks;
    const count = regimentsAt(G, p).length + (fortAt(G, p) ? 1 : 0);
    check(stacks || count === 1, `one piece at ${key(p)}`);
    check(G.forts.filter((f) => f.x === p.x && f.y === p.y).length <= 1, `one fort at ${key(p)}`);
  }
  G.mapSupplies.forEach((k, i) => {
    check(k >= 0 && Number.isInteger(k), 'supplies on the map are counts');
    if (k > 0) check(land(G.board, { x: i % G.board.width, y: Math.floor(i / G.board.width) }), 'supplies only on land');
  });
  for (const c of Object.values(G.capitals)) if (c) check(G.mapSupplies[index(G.board, c)] === 0, 'no supply on a capital');
  if (G.result) {
    check([...G.result.ranking].sort().join() === [...G.seats].sort().join(), 'ranking holds every seat');
    check(G.result.winner === null || G.result.winner === G.result.ranking[0], 'the winner heads the ranking');
    return;
  }
  check(
    G.mustSubmit.every((s) => !G.nations[s]!.out),
    'only nations still in are asked',
  );
  check(actors(G).length > 0, `somebody acts in ${G.phase}`);
  for (const s of G.seats) {
    const v = viewFor(G, s) as unknown as Record<string, unknown>;
    check(!('orders' in v) && !('pile' in v), 'views hold no secret fields');
    check(v.myOrders === (G.orders[s] ?? null), 'a view holds its own orders');
  }
}
