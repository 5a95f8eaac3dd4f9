/**
 * A shooting round's orders: a shooter and a target picked on the map (with the roll needed and the
 * line of sight drawn), and the shooting inventions the nation holds: the sniper's sure hit, the
 * bombardment's second rolls, artillery on three enemy regiments, and the gas thrown at one.
 */
import { lineOfSight, sightPath, texts, type DeresView, type OrderMenu, type Pos, type ShootOrders } from '@kon/deres';
import type { MapMarks } from './DeresMap';
import type { WORDS } from './words';

const same = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
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

export function shootStep(
  G: DeresView,
  seat: string,
  menu: OrderMenu,
  d: ShootDraft,
  set: (f: (d: ShootDraft) => ShootDraft) => void,
  w: (typeof WORDS)['en'],
  tl: 'nb' | 'en',
): { marks: MapMarks; onSquare: (p: Pos) => void; body: React.ReactNode } {
  const held = G.nations[seat]?.inventions ?? [];
  const enemies = enemySquares(G, seat);
  const shotsOf = (id: string) => menu.shots.filter((s) => s.shooter === id);
  const shooterAt = (id: string): Pos | undefined => G.regiments.find((r) => r.id === id) ?? G.forts.find((f) => f.id === id) ?? undefined;
  const shooters = [...new Set(menu.shots.map((s) => s.shooter))];
  const marks: MapMarks = {};
  let onSquare: (p: Pos) => void;
  if (d.mode === 'artillery' || d.mode === 'gas') {
    marks.targets = enemies;
    marks.chosen = d.mode === 'gas' ? (d.gas ? [d.gas] : []) : d.artillery;
    onSquare = (p) =>
      set((x) =>
        x.mode === 'gas'
          ? { ...x, gas: p }
          : { ...x, artillery: x.artillery.some((a) => same(a, p)) ? x.artillery : [...x.artillery, p].slice(-3) },
      );
  } else {
    const from = d.shooter ? shooterAt(d.shooter) : undefined;
    marks.selected = from ?? null;
    marks.targets = d.shooter ? shotsOf(d.shooter).map((s) => s.target) : shooters.flatMap((id) => shooterAt(id) ?? []);
    if (from && d.target) {
      const s = lineOfSight(G, from, d.target, { seat, indirect: (G.nations[seat]?.upgrades ?? 0) >= 4 });
      marks.sight = { from, to: d.target, path: sightPath(from, d.target), blocked: s.blockedBy ? [s.blockedBy.at] : [] };
    }
    onSquare = (p) => {
      if (d.shooter && shotsOf(d.shooter).some((s) => same(s.target, p))) set((x) => ({ ...x, target: p }));
      else {
        const id = shooters.find((x) => {
          const at = shooterAt(x);
          return at && same(at, p);
        });
        set((x) => ({ ...x, shooter: id ?? null, target: null }));
      }
    };
  }
  const chosen = d.shooter && d.target ? shotsOf(d.shooter).find((s) => same(s.target, d.target!)) : undefined;
  const from = chosen ? shooterAt(chosen.shooter) : undefined;
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
            : w.pickShooter}
      </p>
      {chosen && from && (
        <p className="small" data-testid="shot-needed">
          {w.shooter} {from.x},{from.y} → {chosen.target.x},{chosen.target.y}:{' '}
          {d.sniper ? w.sureHit : `${w.needs} ${chosen.needed}+ ${w.onD12}`}
          {!d.sniper && chosen.needed > 12 && ` (${w.cannotHit})`}. {marks.sight?.blocked.length ? w.blocked : w.clearSight}
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
    </>
  );
  return { marks, onSquare, body };
}
