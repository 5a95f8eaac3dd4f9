/**
 * A shooting round's orders: a shooter and a target picked on the map (with the roll needed and the
 * line of sight drawn), and the shooting inventions the nation holds: the sniper's sure hit, the
 * bombardment's second rolls, artillery on three enemy regiments, and the gas thrown at one.
 */
import {
  lineOfSight,
  offeredShots,
  sightPath,
  squareName,
  texts,
  type DeresView,
  type OrderMenu,
  type Pos,
  type ShootOrders,
  type ShotOption,
} from '@kon/deres';
import { DeresOrderList, type OrderItem } from './DeresOrderList';
import { accepted, type Lit } from './lit';
import { drawOrders, orderText } from './order-words';
import type { MapMarks } from './DeresMap';
import type { Words } from './words';

const same = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
type SetShoot = (f: (d: ShootDraft) => ShootDraft) => void;
export type ShootMode = 'shot' | 'artillery' | 'gas';
export interface ShootDraft {
  shooter: string | null;
  target: Pos | null;
  sniper: boolean;
  bombard: boolean;
  artillery: Pos[];
  gas: Pos | null;
  mode: ShootMode;
}
export const EMPTY_SHOOT: ShootDraft = {
  shooter: null,
  target: null,
  sniper: false,
  bombard: false,
  artillery: [],
  gas: null,
  mode: 'shot',
};

/** The draft as the engine's orders. */
export function shootOrders(d: ShootDraft): ShootOrders {
  return {
    kind: 'shoot',
    shot: d.shooter && d.target ? { shooter: d.shooter, target: d.target, ...(d.sniper ? { sniper: true } : {}) } : null,
    ...(d.bombard ? { bombard: true } : {}),
    ...(d.artillery.length ? { artillery: d.artillery } : {}),
    ...(d.gas ? { gas: d.gas } : {}),
  };
}

/** Squares holding another nation's regiments (what artillery and gas are aimed at). */
export function enemySquares(G: DeresView, seat: string): Pos[] {
  const out = new Map<string, Pos>();
  for (const r of G.regiments) if (r.owner !== seat) out.set(`${r.x},${r.y}`, { x: r.x, y: r.y });
  return [...out.values()];
}

/** The shooting orders one by one in words: the shot can be aimed anew, each item removed. */
function shootItems(G: DeresView, d: ShootDraft, set: SetShoot, shots: ShotOption[], tl: 'nb' | 'en'): OrderItem[] {
  const items: OrderItem[] = [];
  const from = d.shooter ? shooterAt(G, d.shooter) : undefined;
  if (from && d.target) {
    const n = shots.find((s) => s.shooter === d.shooter && same(s.target, d.target!))?.needed;
    items.push({
      key: 'shot',
      text: orderText(d.sniper ? 'sniper' : 'shot', tl, { a: from, b: d.target, n: n ?? 0 }),
      change: () => set((x) => ({ ...x, mode: 'shot', target: null })),
      remove: () => set((x) => ({ ...x, shooter: null, target: null, sniper: false })),
    });
  }
  if (d.artillery.length)
    items.push({
      key: 'artillery',
      text: `${orderText('artillery', tl, { a: d.artillery })} (${d.artillery.length}/3)`,
      change: () => set((x) => ({ ...x, mode: 'artillery', artillery: [] })),
      remove: () => set((x) => ({ ...x, artillery: [] })),
    });
  if (d.gas)
    items.push({
      key: 'gas',
      text: orderText('gas', tl, { a: d.gas }),
      change: () => set((x) => ({ ...x, mode: 'gas', gas: null })),
      remove: () => set((x) => ({ ...x, gas: null })),
    });
  if (d.bombard) items.push({ key: 'bombard', text: orderText('bombard', tl), remove: () => set((x) => ({ ...x, bombard: false })) });
  return items;
}

function shooterAt(G: DeresView, id: string): Pos | undefined {
  return G.regiments.find((r) => r.id === id) ?? G.forts.find((f) => f.id === id) ?? undefined;
}

/** The map's part of a shooting round: what is lit, what a click does, the line of sight drawn. */
function shootMap(
  G: DeresView,
  seat: string,
  d: ShootDraft,
  set: SetShoot,
  shots: ShotOption[],
): { marks: MapMarks; onSquare: (p: Pos) => void } {
  const shooters = [...new Set(shots.map((s) => s.shooter))];
  const marks: MapMarks = { drawn: drawOrders(G, seat, shootOrders(d), shots) };
  if (d.mode === 'artillery' || d.mode === 'gas') {
    const enemies = enemySquares(G, seat);
    const lit: Lit[] =
      d.mode === 'gas'
        ? enemies
            .filter((p) => accepted(G, seat, shootOrders({ ...d, gas: p })))
            .map((p) => ({ at: p, orders: shootOrders({ ...d, gas: p }) }))
        : enemies
            .filter((p) => !d.artillery.some((a) => same(a, p)))
            .map((p) => {
              const next = { ...d, artillery: [...d.artillery, p].slice(-3) };
              return { at: p, label: String(next.artillery.length), ...(next.artillery.length === 3 ? { orders: shootOrders(next) } : {}) };
            });
    marks.lit = lit;
    const onSquare = (p: Pos) => {
      if (!lit.some((l) => same(l.at, p))) return;
      set((x) => (x.mode === 'gas' ? { ...x, gas: p } : { ...x, artillery: [...x.artillery, p].slice(-3) }));
    };
    return { marks, onSquare };
  }
  const from = d.shooter ? shooterAt(G, d.shooter) : undefined;
  marks.selected = from ?? null;
  const lit: Lit[] = d.shooter
    ? shots.flatMap((s) => {
        if (s.shooter !== d.shooter) return [];
        const orders = shootOrders({ ...d, target: s.target });
        return accepted(G, seat, orders) ? [{ at: s.target, label: d.sniper ? '✓' : `${s.needed}+`, orders }] : [];
      })
    : [];
  marks.lit = lit;
  marks.targets = shooters.flatMap((id) => shooterAt(G, id) ?? []);
  if (from && d.target) {
    const s = lineOfSight(G, from, d.target, { seat, indirect: (G.nations[seat]?.upgrades ?? 0) >= 4, ignoreEnemies: d.sniper });
    marks.sight = { from, to: d.target, path: sightPath(from, d.target), blocked: s.blockedBy ? [s.blockedBy.at] : [] };
  }
  const onSquare = (p: Pos) => {
    if (d.shooter && lit.some((l) => same(l.at, p))) set((x) => ({ ...x, target: p }));
    else {
      const id = shooters.find((x) => {
        const at = shooterAt(G, x);
        return at && same(at, p);
      });
      if (id !== undefined || d.shooter) set((x) => ({ ...x, shooter: id && id !== x.shooter ? id : null, target: null }));
    }
  };
  return { marks, onSquare };
}

export function shootStep(
  G: DeresView,
  seat: string,
  _menu: OrderMenu,
  d: ShootDraft,
  set: SetShoot,
  w: Words,
  tl: 'nb' | 'en',
): { marks: MapMarks; onSquare: (p: Pos) => void; body: React.ReactNode } {
  const held = G.nations[seat]?.inventions ?? [];
  // Only shots that can hit are offered; with the sniper's sure hit, every shot the sniper may give.
  const shots = offeredShots(G, seat, d.sniper);
  const { marks, onSquare } = shootMap(G, seat, d, set, shots);
  const chosen = d.shooter && d.target ? shots.find((s) => s.shooter === d.shooter && same(s.target, d.target!)) : undefined;
  const from = chosen ? shooterAt(G, chosen.shooter) : undefined;
  const name = (id: 'III' | 'IV' | 'VI' | 'X') => texts.INVENTION_TEXTS[id].name[tl];
  const modes: ShootMode[] = [
    'shot',
    ...(held.includes('VI') ? (['artillery'] as const) : []),
    ...(held.includes('X') ? (['gas'] as const) : []),
  ];
  const body = (
    <>
      {modes.length > 1 && (
        <fieldset className="deres-modes" data-testid="shoot-modes">
          <legend className="small">{w.clickAims}</legend>
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              className="small"
              aria-pressed={d.mode === m}
              data-mode={m}
              onClick={() => set((x) => ({ ...x, mode: m }))}
            >
              {m === 'shot' ? w.mode_shot : m === 'artillery' ? name('VI') : name('X')}
            </button>
          ))}
        </fieldset>
      )}
      <p className="small">
        {d.mode === 'artillery'
          ? `${texts.INVENTION_TEXTS.VI.text[tl]} (${d.artillery.length}/3)`
          : d.mode === 'gas'
            ? texts.INVENTION_TEXTS.X.text[tl]
            : shots.length
              ? w.pickShooter
              : w.noShots}
      </p>
      {chosen && from && (
        <p className="small" data-testid="shot-needed">
          {w.shooter} {squareName(from)} → {squareName(chosen.target)}: {d.sniper ? w.sureHit : `${w.needs} ${chosen.needed}+ ${w.onD12}`}.{' '}
          {marks.sight?.blocked.length ? w.blocked : w.clearSight}
        </p>
      )}
      {held.includes('III') && (
        <label className="small" title={texts.INVENTION_TEXTS.III.text[tl]}>
          <input type="checkbox" name="sniper" checked={d.sniper} onChange={(e) => set((x) => ({ ...x, sniper: e.target.checked }))} />{' '}
          {name('III')}: {texts.INVENTION_TEXTS.III.text[tl]}
        </label>
      )}
      {held.includes('IV') && (
        <label className="small">
          <input type="checkbox" name="bombard" checked={d.bombard} onChange={(e) => set((x) => ({ ...x, bombard: e.target.checked }))} />{' '}
          {name('IV')}: {texts.INVENTION_TEXTS.IV.text[tl]}
        </label>
      )}
      <DeresOrderList items={shootItems(G, d, set, shots, tl)} w={w} />
    </>
  );
  return { marks, onSquare, body };
}
