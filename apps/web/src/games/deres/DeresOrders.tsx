/**
 * Writing a nation's secret orders for the step under way (Buy, Move, a shooting round, the spread of
 * supplies): what the engine's order menu offers is clicked on the map, the draft is checked by the
 * engine's own whyNoOrders before it can be sent. Buying and shooting, with the inventions played
 * inside orders, are in DeresBuy.tsx and DeresShoot.tsx; moving (with the explorer) and aiming the
 * spread of supplies are here.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  endSquares,
  landingSquares,
  orderMenu,
  refusalText,
  RuleError,
  texts,
  whyNoOrders,
  type BuyOrders,
  type DeresState,
  type DeresView,
  type MoveOrders,
  type Orders,
  type Pos,
} from '@kon/deres';
import { buyStep, EMPTY_BUY, type BuyMode } from './DeresBuy';
import type { MapMarks } from './DeresMap';
import { EMPTY_SHOOT, shootOrders, shootStep, type ShootDraft } from './DeresShoot';
import type { WORDS } from './words';

const same = (a: Pos, b: Pos) => a.x === b.x && a.y === b.y;
/** A square as players read it (and as the engine's messages name it): column,row from 0,0 at the top left. */
export const at = (p: Pos) => `${p.x},${p.y}`;

export interface OrdersDraft {
  marks: MapMarks;
  onSquare: (p: Pos) => void;
  panel: React.ReactNode;
}

export function useOrdersDraft(
  G: DeresView,
  seat: string,
  w: (typeof WORDS)['en'],
  tl: 'nb' | 'en',
  send: (o: Orders | null) => void,
): OrdersDraft {
  const menu = useMemo(() => orderMenu(G, seat), [G, seat]);
  const phase = G.phase;
  const stepKey = `${G.round}:${phase}:${G.shootingRound}:${G.step}:${G.spreadStep}`;
  const [buy, setBuy] = useState<BuyOrders>(EMPTY_BUY);
  const [buyMode, setBuyMode] = useState<BuyMode>('regiment');
  const [moves, setMoves] = useState<MoveOrders['moves']>([]);
  const [explorer, setExplorer] = useState(false);
  const [piece, setPiece] = useState<string | null>(null);
  const [shoot, setShoot] = useState<ShootDraft>(EMPTY_SHOOT);
  const [aims, setAims] = useState<Pos[]>([]);
  // A new step starts from empty orders.
  useEffect(() => {
    setBuy(EMPTY_BUY);
    setMoves([]);
    setExplorer(false);
    setPiece(null);
    setShoot(EMPTY_SHOOT);
    setAims([]);
  }, [stepKey]);

  let orders: Orders;
  if (phase === 'buy') orders = buy;
  else if (phase === 'move') orders = { kind: 'move', moves, ...(explorer ? { explorer } : {}) };
  else if (phase === 'shoot') orders = shootOrders(shoot);
  else orders = { kind: 'spread', aims };
  const why = G.mustSubmit.includes(seat) ? whyNow(G, seat, orders, tl) : null;

  let marks: MapMarks = {};
  let onSquare: (p: Pos) => void = () => {};
  let body: React.ReactNode = null;
  if (phase === 'buy') {
    ({ marks, onSquare, body } = buyStep(G, seat, menu, buy, setBuy, buyMode, setBuyMode, w, tl));
  } else if (phase === 'shoot') {
    ({ marks, onSquare, body } = shootStep(G, seat, menu, shoot, setShoot, w, tl));
  } else if (phase === 'move') {
    const m = piece ? menu.moves.find((x) => x.piece === piece) : undefined;
    // The explorer changes what a step costs: the piece's end squares are asked again with it.
    const dests = m ? (explorer ? endSquares(G as unknown as DeresState, seat, m.piece, true) : m.dests) : [];
    marks.selected = m?.from ?? null;
    // Only pieces that can go somewhere are offered.
    const movable = menu.moves.filter(
      (x) => x.dests.length + x.recall.length > 0 || (explorer && endSquares(G as unknown as DeresState, seat, x.piece, true).length),
    );
    // With a piece picked, its destinations and the pieces (to pick another, or the same again to let go).
    const pieces = movable.map((x) => x.from);
    marks.targets = m ? [...dests, ...m.recall, ...pieces] : pieces;
    marks.chosen = moves.map((s) => s.to);
    onSquare = (p) => {
      if (m && [...dests, ...m.recall].some((d) => same(d, p))) {
        const recall = !dests.some((d) => same(d, p));
        setMoves((old) => [...old.filter((s) => s.piece !== m.piece), { piece: m.piece, to: p, ...(recall ? { recall } : {}) }]);
        setPiece(null);
      } else {
        const here =
          menu.moves.find((x) => same(x.from, p) && !moves.some((s) => s.piece === x.piece)) ?? menu.moves.find((x) => same(x.from, p));
        setPiece(here && here.piece !== m?.piece ? here.piece : null);
      }
    };
    const fromOf = (id: string) => menu.moves.find((x) => x.piece === id)?.from;
    body = (
      <>
        <p className="small">{movable.length ? w.pickPiece : w.noMoves}</p>
        {G.nations[seat]?.inventions.includes('IX') && (
          <label className="small">
            <input type="checkbox" name="explorer" checked={explorer} onChange={(e) => setExplorer(e.target.checked)} />{' '}
            {texts.INVENTION_TEXTS.IX.name[tl]}: {texts.INVENTION_TEXTS.IX.text[tl]}
          </label>
        )}
        <p className="small" data-testid="move-list">
          {moves.map((s) => `${at(fromOf(s.piece) ?? s.to)} → ${at(s.to)}`).join(' · ')}{' '}
          {moves.length > 0 && (
            <button type="button" className="small" onClick={() => setMoves([])}>
              {w.clear}
            </button>
          )}
        </p>
      </>
    );
  } else if (phase === 'spread') {
    // Only squares where a supply may lie can be aimed at (not water, a capital or a fort).
    const landing = landingSquares(G);
    const mayAim = (p: Pos) => landing.some((q) => q.x === p.x && q.y === p.y);
    marks.targets = menu.throws > aims.length ? landing : [];
    marks.chosen = aims;
    onSquare = (p) => setAims((a) => (a.length < menu.throws && mayAim(p) ? [...a, p] : a));
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
      <h2>
        {w.yourOrders} · {texts.PHASE_TEXTS[phase][tl]}
      </h2>
      {submitted && (
        <p className="muted small" data-testid="orders-sent">
          {w.sent}
        </p>
      )}
      {body}
      {why && (
        <p className="muted small" data-testid="orders-why">
          {w.notYet}: {why}
        </p>
      )}
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

/** The engine's reason these orders would be refused, in words, or null (a spectator has none to write). */
function whyNow(G: DeresView, seat: string, orders: Orders, tl: 'nb' | 'en'): string | null {
  try {
    const w = whyNoOrders(G as unknown as DeresState, seat, orders);
    return w && refusalText(w.code, w.params, tl);
  } catch (e) {
    if (e instanceof RuleError) return refusalText(e.code, e.why.params, tl);
    throw e;
  }
}
