/**
 * Writing a nation's secret orders for the step under way (Buy, Move, a shooting round, the spread of
 * supplies): what the engine's order menu offers is clicked on the map, the draft is checked by the
 * engine's own whyNoOrders before it can be sent, and the line of sight of the aimed shot is shown.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  lineOfSight,
  orderMenu,
  sightPath,
  whyNoOrders,
  type BuyOrders,
  type DeresState,
  type DeresView,
  type MoveOrders,
  type Orders,
  type Pos,
} from '@kon/deres';
import type { MapMarks } from './DeresMap';
import type { WORDS } from './words';

const same = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
const EMPTY_BUY: BuyOrders = { kind: 'buy', regiments: [], forts: [], upgrades: 0, fortUpgrades: [], loan: false, repay: 0 };

export interface OrdersDraft {
  marks: MapMarks;
  onSquare: (p: Pos) => void;
  panel: React.ReactNode;
}

export function useOrdersDraft(G: DeresView, seat: string, w: (typeof WORDS)['en'], send: (o: Orders | null) => void): OrdersDraft {
  const menu = useMemo(() => orderMenu(G, seat), [G, seat]);
  const phase = G.phase;
  const stepKey = `${G.round}:${phase}:${G.shootingRound}:${G.step}:${G.spreadStep}`;
  const [buy, setBuy] = useState<BuyOrders>(EMPTY_BUY);
  const [buyMode, setBuyMode] = useState<'regiment' | 'fort'>('regiment');
  const [moves, setMoves] = useState<MoveOrders['moves']>([]);
  const [piece, setPiece] = useState<string | null>(null);
  const [shooter, setShooter] = useState<string | null>(null);
  const [target, setTarget] = useState<Pos | null>(null);
  const [aims, setAims] = useState<Pos[]>([]);
  // A new step starts from empty orders.
  useEffect(() => {
    setBuy(EMPTY_BUY);
    setMoves([]);
    setPiece(null);
    setShooter(null);
    setTarget(null);
    setAims([]);
  }, [stepKey]);

  const shotsOf = (id: string) => menu.shots.filter((s) => s.shooter === id);
  const shooterAt = (id: string): Pos | undefined => G.regiments.find((r) => r.id === id) ?? G.forts.find((f) => f.id === id) ?? undefined;

  let orders: Orders;
  if (phase === 'buy') orders = buy;
  else if (phase === 'move') orders = { kind: 'move', moves };
  else if (phase === 'shoot') orders = { kind: 'shoot', shot: shooter && target ? { shooter, target } : null };
  else orders = { kind: 'spread', aims };
  const why = G.mustSubmit.includes(seat) ? whyNow(G, seat, orders) : null;

  const marks: MapMarks = {};
  let onSquare: (p: Pos) => void = () => {};
  let body: React.ReactNode = null;
  if (phase === 'buy') {
    marks.targets = buyMode === 'regiment' ? menu.regimentSquares : menu.fortSquares.map((f) => f.at);
    marks.chosen = [...buy.regiments, ...buy.forts];
    onSquare = (p) =>
      setBuy((b) =>
        buyMode === 'regiment'
          ? { ...b, regiments: [...b.regiments, p] }
          : { ...b, forts: b.forts.some((f) => same(f, p)) ? b.forts : [...b.forts, p] },
      );
    body = (
      <>
        <p className="small">
          {w.regiments}: {buy.regiments.length} · {w.fortsHint}: {buy.forts.length}{' '}
          <button type="button" className="small" onClick={() => setBuyMode(buyMode === 'regiment' ? 'fort' : 'regiment')}>
            {buyMode === 'regiment' ? w.fortMode : w.regimentMode}
          </button>
        </p>
        <label className="small">
          {w.upgrade} ({menu.upgradeCosts.slice(0, buy.upgrades + 1).join(', ') || '–'}):{' '}
          <input
            type="number"
            min={0}
            max={menu.upgradeCosts.length}
            value={buy.upgrades}
            onChange={(e) =>
              setBuy((b) => ({ ...b, upgrades: Math.max(0, Math.min(menu.upgradeCosts.length, Number(e.target.value) || 0)) }))
            }
            style={{ width: '4em' }}
          />
        </label>{' '}
        <label className="small">
          <input type="checkbox" checked={buy.loan} onChange={(e) => setBuy((b) => ({ ...b, loan: e.target.checked }))} /> {w.loan}
        </label>{' '}
        <button type="button" className="small" onClick={() => setBuy(EMPTY_BUY)}>
          {w.clear}
        </button>
      </>
    );
  } else if (phase === 'move') {
    const m = piece ? menu.moves.find((x) => x.piece === piece) : undefined;
    marks.selected = m?.from ?? null;
    marks.targets = m ? [...m.dests, ...m.recall] : menu.moves.map((x) => x.from);
    marks.chosen = moves.map((s) => s.to);
    onSquare = (p) => {
      if (m && [...m.dests, ...m.recall].some((d) => same(d, p))) {
        const recall = !m.dests.some((d) => same(d, p));
        setMoves((old) => [...old.filter((s) => s.piece !== m.piece), { piece: m.piece, to: p, ...(recall ? { recall } : {}) }]);
        setPiece(null);
      } else {
        const here =
          menu.moves.find((x) => same(x.from, p) && !moves.some((s) => s.piece === x.piece)) ?? menu.moves.find((x) => same(x.from, p));
        setPiece(here?.piece ?? null);
      }
    };
    body = (
      <>
        <p className="small">{w.pickPiece}</p>
        <p className="small">
          {moves.map((s) => `${s.piece} → ${s.to.x},${s.to.y}`).join(' · ')}{' '}
          {moves.length > 0 && (
            <button type="button" className="small" onClick={() => setMoves([])}>
              {w.clear}
            </button>
          )}
        </p>
      </>
    );
  } else if (phase === 'shoot') {
    const from = shooter ? shooterAt(shooter) : undefined;
    const shooters = [...new Set(menu.shots.map((s) => s.shooter))];
    marks.selected = from ?? null;
    marks.targets = shooter ? shotsOf(shooter).map((s) => s.target) : shooters.map((id) => shooterAt(id)!).filter(Boolean);
    if (from && target) {
      const s = lineOfSight(G, from, target, { seat, indirect: (G.nations[seat]?.upgrades ?? 0) >= 4 });
      marks.sight = { from, to: target, path: sightPath(from, target), blocked: s.blockedBy ? [s.blockedBy.at] : [] };
    }
    onSquare = (p) => {
      if (shooter && shotsOf(shooter).some((s) => same(s.target, p))) setTarget(p);
      else {
        const id = shooters.find((x) => {
          const at = shooterAt(x);
          return at && same(at, p);
        });
        setShooter(id ?? null);
        setTarget(null);
      }
    };
    const chosenShot = shooter && target ? shotsOf(shooter).find((s) => same(s.target, target)) : undefined;
    body = (
      <>
        <p className="small">{w.pickShooter}</p>
        {chosenShot && (
          <p className="small" data-testid="shot-needed">
            {w.shooter} {chosenShot.shooter} → {chosenShot.target.x},{chosenShot.target.y}: {w.needs} {chosenShot.needed}+ {w.onD12}.{' '}
            {marks.sight?.blocked.length ? w.blocked : w.clearSight}
          </p>
        )}
      </>
    );
  } else if (phase === 'spread') {
    marks.targets = menu.throws > aims.length ? allLand(G) : [];
    marks.chosen = aims;
    onSquare = (p) => setAims((a) => (a.length < menu.throws ? [...a, p] : a));
    body = (
      <p className="small">
        {w.aims} ({aims.length}/{menu.throws}){' '}
        <button type="button" className="small" onClick={() => setAims([])}>
          {w.clear}
        </button>
      </p>
    );
  }
  const submitted = G.submitted[seat] === true;
  const panel = (
    <section className="panel deres-orders" data-testid="deres-orders" data-phase={phase}>
      <h2>{w.yourOrders}</h2>
      {submitted && (
        <p className="muted small" data-testid="orders-sent">
          {w.sent}
        </p>
      )}
      {body}
      {why && <p className="muted small">{why}</p>}
      <div className="deres-buttons">
        <button type="button" className="primary" disabled={why !== null} onClick={() => send(orders)} data-action="submit-orders">
          {submitted ? w.resubmit : w.submit}
        </button>
        {phase === 'shoot' && (
          <button type="button" onClick={() => send({ kind: 'shoot', shot: null })} data-action="pass-shot">
            {w.pass}
          </button>
        )}
        <button type="button" onClick={() => send(null)} data-action="submit-empty">
          {w.submitEmpty}
        </button>
      </div>
    </section>
  );
  return { marks, onSquare, panel };
}

/** The engine's reason these orders would be refused, or null (a spectator has none to write). */
function whyNow(G: DeresView, seat: string, orders: Orders): string | null {
  try {
    return whyNoOrders(G as unknown as DeresState, seat, orders);
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function allLand(G: DeresView): Pos[] {
  const out: Pos[] = [];
  G.board.squares.forEach((sq, i) => {
    if (sq && !sq.water) out.push({ x: i % G.board.width, y: Math.floor(i / G.board.width) });
  });
  return out;
}
