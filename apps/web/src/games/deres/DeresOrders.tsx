/**
 * Writing a nation's secret orders for the step under way (Buy, Move, a shooting round, the spread of
 * supplies): what the engine's order menu offers is clicked on the map, the draft is checked by the
 * engine's own whyNoOrders before it can be sent. Buying and shooting, with the inventions played
 * inside orders, are in DeresBuy.tsx and DeresShoot.tsx; moving (with the explorer) and aiming the
 * spread of supplies in DeresMove.tsx.
 */
import { useMemo, useState } from 'react';
import {
  orderMenu,
  parseAction,
  refusalText,
  RuleError,
  texts,
  whyNoOrders,
  type BuyOrders,
  type DeresState,
  type DeresView,
  type Orders,
  type Pos,
} from '@kon/deres';
import { buyStep, EMPTY_BUY, type BuyMode } from './DeresBuy';
import type { MapMarks } from './DeresMap';
import { EMPTY_MOVE, moveOrders, moveStep, spreadStep, type MoveDraft } from './DeresMove';
import { EMPTY_SHOOT, shootOrders, shootStep, type ShootDraft } from './DeresShoot';
import type { Words } from './words';

export interface OrdersDraft {
  marks: MapMarks;
  onSquare: (p: Pos) => void;
  panel: React.ReactNode;
}

export function useOrdersDraft(G: DeresView, seat: string, w: Words, tl: 'nb' | 'en', send: (o: Orders | null) => void): OrdersDraft {
  const menu = useMemo(() => orderMenu(G, seat), [G, seat]);
  const phase = G.phase;
  const stepKey = `${G.round}:${phase}:${G.shootingRound}:${G.step}:${G.spreadStep}`;
  const [buy, setBuy] = useState<BuyOrders>(EMPTY_BUY);
  const [buyMode, setBuyMode] = useState<BuyMode>('regiment');
  const [mv, setMv] = useState<MoveDraft>(EMPTY_MOVE);
  const [shoot, setShoot] = useState<ShootDraft>(EMPTY_SHOOT);
  const [aims, setAims] = useState<Pos[]>([]);
  // A new step starts from empty orders.
  const [drafting, setDrafting] = useState(stepKey);
  if (drafting !== stepKey) {
    setDrafting(stepKey);
    setBuy(EMPTY_BUY);
    setMv(EMPTY_MOVE);
    setShoot(EMPTY_SHOOT);
    setAims([]);
  }

  let orders: Orders;
  if (phase === 'buy') orders = buy;
  else if (phase === 'move') orders = moveOrders(mv);
  else if (phase === 'shoot') orders = shootOrders(shoot);
  else orders = { kind: 'spread', aims };
  const why = G.mustSubmit.includes(seat) ? whyNow(G, seat, orders, tl) : null;

  let marks: MapMarks = {};
  let onSquare: (p: Pos) => void = () => {};
  let body: React.ReactNode = null;
  // A spectator (no seat) or a seat without a nation has no orders to draft: the engine's listings
  // would refuse to answer for it, and the board is drawn without an orders panel anyway.
  const drafts = Object.hasOwn(G.nations, seat);
  if (drafts && phase === 'buy') ({ marks, onSquare, body } = buyStep(G, seat, menu, buy, setBuy, buyMode, setBuyMode, w, tl));
  else if (drafts && phase === 'shoot') ({ marks, onSquare, body } = shootStep(G, seat, menu, shoot, setShoot, w, tl));
  else if (drafts && phase === 'move') ({ marks, onSquare, body } = moveStep(G, seat, menu, mv, setMv, w, tl));
  else if (drafts && phase === 'spread') ({ marks, onSquare, body } = spreadStep(G, seat, menu, aims, setAims, w, tl));
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
        <button
          type="button"
          className="primary"
          disabled={why !== null}
          onClick={() => send(orders)}
          data-action="submit-orders"
          data-lesson-target="button:submit"
        >
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
    // Whole as the move's schema wants them first (two conscripts, three artillery aims), then the rules.
    parseAction('submitOrders', orders);
    const w = whyNoOrders(G as unknown as DeresState, seat, orders);
    return w && refusalText(w.code, w.params, tl);
  } catch (e) {
    if (e instanceof RuleError) return refusalText(e.code, e.why.params, tl);
    throw e;
  }
}
