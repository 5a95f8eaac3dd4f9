/**
 * Phase III in shooting rounds. Each round every nation with shots left spends one: it declares a
 * shot or passes, secretly; the declarations are revealed together. Then, in an answer step, a nation
 * that passed and was aimed at may still shoot (a pass may be changed within its shooting round). Then
 * every shot is rolled and all hits are removed together, so two pieces may hit each other.
 */
import type { DeresState, Pos, Seat, ShootOrders } from '../types.js';
import { samePos, squareAt } from './board.js';
import { canAim, findShooter, hitNeeded, legalShots, ownerOf, topPiece, whyNoShot, type TargetPiece } from './combat.js';
import { checkEnd, knockOut } from './end.js';
import { log, nationOf, why, type Rng, type Why } from './kernel.js';
import { useUp } from './buy.js';
import { throwLanding } from './supply.js';
import { DIRS } from './board.js';

/** Whether `seat` has anything to declare this shooting round (else it passes without being asked). */
export function hasShotChoice(G: DeresState, seat: Seat): boolean {
  const inv = nationOf(G, seat).inventions;
  if (inv.includes('VI') || inv.includes('X')) return true;
  return canAim(G, seat);
}

export function whyNoShoot(G: DeresState, seat: Seat, o: ShootOrders, step: 'declare' | 'answer'): Why | null {
  const inv = nationOf(G, seat).inventions;
  if (step === 'answer' && (o.bombard || o.artillery || o.gas || o.shot?.sniper)) return why('answer-plain-shot');
  if (o.bombard && !inv.includes('IV')) return why('invention-not-held', { invention: 'IV' });
  if (o.shot) {
    if (o.shot.sniper && !inv.includes('III')) return why('invention-not-held', { invention: 'III' });
    const bad = whyNoShot(G, seat, o.shot.shooter, o.shot.target, !!o.shot.sniper);
    if (bad) return bad;
  }
  if (o.artillery) {
    if (!inv.includes('VI')) return why('invention-not-held', { invention: 'VI' });
    const keys = new Set(o.artillery.map((p) => `${p.x},${p.y}`));
    if (keys.size !== 3) return why('artillery-three-squares');
    for (const p of o.artillery) {
      const tp = topPiece(G, p);
      if (!G.regiments.some((r) => samePos(r, p) && r.owner !== seat) || !tp) return why('artillery-enemy-regiments');
    }
  }
  if (o.gas) {
    if (!inv.includes('X')) return why('invention-not-held', { invention: 'X' });
    if (!squareAt(G.board, o.gas)) return why('gas-off-map');
  }
  return null;
}

/** Seats that passed in the declare step, were aimed at, and could shoot back now. */
export function answerers(G: DeresState): Seat[] {
  const aimedAt = new Set<Seat>();
  for (const o of Object.values(G.declared)) {
    if (o?.kind !== 'shoot' || !o.shot) continue;
    const tp = topPiece(G, o.shot.target);
    if (tp) aimedAt.add(ownerOf(tp));
  }
  return G.seats.filter((s) => {
    const o = G.declared[s];
    const passed = !o || (o.kind === 'shoot' && !o.shot);
    return passed && aimedAt.has(s) && !G.nations[s]!.out && G.nations[s]!.shotsLeft > 0 && legalShots(G, s).length > 0;
  });
}

type Hit = { kind: 'regiment' | 'fort'; id: string } | { kind: 'capital'; seat: Seat };
const hitOf = (tp: TargetPiece): Hit => (tp.kind === 'capital' ? { kind: 'capital', seat: tp.seat } : { kind: tp.kind, id: tp.piece.id });

/** Roll every order of this shooting round and remove what was hit; `answered`: seats whose shot is an answer. */
export function resolveShootingRound(G: DeresState, orders: Record<Seat, ShootOrders | null>, answered: ReadonlySet<Seat>, rng: Rng): void {
  const hits: Hit[] = [];
  const fired: { seat: Seat; id: string }[] = [];
  for (const seat of G.seats) {
    const n = G.nations[seat]!;
    if (n.out || n.shotsLeft <= 0) continue;
    n.shotsLeft--;
    const o = orders[seat];
    if (!o) continue;
    if (o.bombard) {
      n.bombard = true;
      useUp(G, seat, 'IV');
    }
    if (o.shot) {
      const s = findShooter(G, seat, o.shot.shooter)!;
      const tp = topPiece(G, o.shot.target)!;
      const b = hitNeeded(G, seat, s, o.shot.target, tp, answered.has(seat));
      const rolls: number[] = [];
      let hit = false;
      if (o.shot.sniper) {
        hit = true;
        useUp(G, seat, 'III');
      } else {
        rolls.push(rng.d12());
        hit = rolls[0]! >= b.needed;
        if (!hit && n.bombard) {
          rolls.push(rng.d12());
          hit = rolls[1]! >= b.needed;
        }
      }
      fired.push({ seat, id: s.piece.id });
      log(G, { t: 'roll', seat, shooter: s.piece.id, target: o.shot.target, needed: b.needed, rolls, hit, sniper: !!o.shot.sniper });
      if (hit) hits.push(hitOf(tp));
    }
    if (o.artillery) {
      const roll = rng.d12();
      const killed = o.artillery[Math.min(2, Math.floor((roll - 1) / 4))]!;
      const r = G.regiments.find((x) => samePos(x, killed) && x.owner !== seat);
      if (r) hits.push({ kind: 'regiment', id: r.id });
      log(G, { t: 'artillery', seat, targets: o.artillery, roll, killed });
      useUp(G, seat, 'VI');
    }
    if (o.gas) {
      const roll = rng.d12();
      const at = throwLanding(o.gas, roll);
      // The token lies across two squares: where it lands and the next one in an orthogonal direction.
      const d = DIRS[((roll - 1) % 4) * 2]!;
      const squares: Pos[] = [at, { x: at.x + d.x, y: at.y + d.y }];
      for (const r of G.regiments) if (squares.some((p) => samePos(p, r))) hits.push({ kind: 'regiment', id: r.id });
      log(G, { t: 'gas', seat, aim: o.gas, squares, roll });
      useUp(G, seat, 'X');
    }
  }
  for (const f of fired) {
    const piece = G.regiments.find((r) => r.id === f.id) ?? G.forts.find((x) => x.id === f.id);
    if (piece) piece.firedIn = G.shootingRound;
  }
  removeHits(G, hits);
  checkEnd(G);
}

function removeHits(G: DeresState, hits: Hit[]): void {
  for (const h of hits) {
    if (h.kind === 'capital') {
      if (G.nations[h.seat]!.out) continue;
      const c = G.capitals[h.seat]!;
      log(G, { t: 'removed', seat: h.seat, kind: 'capital', at: { x: c.x, y: c.y } });
      knockOut(G, h.seat, 'capital');
      continue;
    }
    if (h.kind === 'regiment') {
      const i = G.regiments.findIndex((r) => r.id === h.id);
      if (i < 0) continue;
      const r = G.regiments[i]!;
      G.regiments.splice(i, 1);
      G.nations[r.owner]!.pool++;
      log(G, { t: 'removed', seat: r.owner, kind: 'regiment', at: { x: r.x, y: r.y } });
    } else {
      const i = G.forts.findIndex((f) => f.id === h.id);
      if (i < 0) continue;
      const f = G.forts[i]!;
      G.forts.splice(i, 1);
      const n = G.nations[f.owner]!;
      // A fort goes back to the stock with its upgrade regiments to the pool; a lost castle is gone.
      if (!f.castle) n.fortStock++;
      n.pool += f.upgrades;
      log(G, { t: 'removed', seat: f.owner, kind: f.castle ? 'castle' : 'fort', at: { x: f.x, y: f.y } });
    }
  }
}
