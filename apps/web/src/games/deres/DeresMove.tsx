/**
 * Moving (with the explorer) and aiming the spread of supplies: a piece is picked on the map, the
 * squares it may end on light up (only those whose orders the engine takes, so never two pieces onto
 * one square), a click gives the move, drawn as an arrow; the list beside the map names each move and
 * lets it be changed or removed.
 */
import { endSquares, landingSquares, texts, type DeresState, type DeresView, type MoveOrders, type OrderMenu, type Pos } from '@kon/deres';
import type { MapMarks } from './DeresMap';
import { DeresOrderList, type OrderItem } from './DeresOrderList';
import { accepted, key, same, type Lit } from './lit';
import { drawOrders, orderText } from './order-words';
import type { Words } from './words';

export interface MoveDraft {
  moves: MoveOrders['moves'];
  explorer: boolean;
  /** The piece picked on the map, whose destinations are lit. */
  piece: string | null;
}
export const EMPTY_MOVE: MoveDraft = { moves: [], explorer: false, piece: null };
type SetMove = (f: (d: MoveDraft) => MoveDraft) => void;

export const moveOrders = (d: MoveDraft): MoveOrders => ({ kind: 'move', moves: d.moves, ...(d.explorer ? { explorer: true } : {}) });

/** The squares the picked piece may end on, each with the orders a click there gives. */
function moveLit(G: DeresView, seat: string, menu: OrderMenu, d: MoveDraft): Lit[] {
  const m = d.piece ? menu.moves.find((x) => x.piece === d.piece) : undefined;
  if (!m) return [];
  // The explorer changes what a step costs: the piece's end squares are asked again with it.
  const dests = d.explorer ? endSquares(G as unknown as DeresState, seat, m.piece, true) : m.dests;
  const others = d.moves.filter((s) => s.piece !== m.piece);
  const seen = new Set<string>();
  const out: Lit[] = [];
  for (const [to, recall] of [...dests.map((p) => [p, false] as const), ...m.recall.map((p) => [p, true] as const)]) {
    if (seen.has(key(to))) continue;
    seen.add(key(to));
    const orders = moveOrders({ ...d, moves: [...others, { piece: m.piece, to, ...(recall ? { recall } : {}) }] });
    if (accepted(G, seat, orders)) out.push({ at: to, ...(recall ? { label: '⌂' } : {}), orders });
  }
  return out;
}

function moveItems(G: DeresView, d: MoveDraft, set: SetMove, tl: 'nb' | 'en'): OrderItem[] {
  const items: OrderItem[] = d.moves.map((s) => {
    const from = G.regiments.find((r) => r.id === s.piece) ?? G.forts.find((f) => f.id === s.piece);
    const fort = G.forts.some((f) => f.id === s.piece);
    return {
      key: s.piece,
      text: orderText(s.recall ? 'recall' : fort ? 'fortMove' : 'regimentMove', tl, { a: from ?? s.to, b: s.to }),
      change: () => set((x) => ({ ...x, piece: s.piece })),
      remove: () => set((x) => ({ ...x, moves: x.moves.filter((q) => q.piece !== s.piece) })),
    };
  });
  if (d.explorer) items.push({ key: 'explorer', text: orderText('explorer', tl), remove: () => set((x) => ({ ...x, explorer: false })) });
  return items;
}

export function moveStep(
  G: DeresView,
  seat: string,
  menu: OrderMenu,
  d: MoveDraft,
  set: SetMove,
  w: Words,
  tl: 'nb' | 'en',
): { marks: MapMarks; onSquare: (p: Pos) => void; body: React.ReactNode } {
  const lit = moveLit(G, seat, menu, d);
  const m = d.piece ? menu.moves.find((x) => x.piece === d.piece) : undefined;
  // Only pieces that can go somewhere are offered.
  const movable = menu.moves.filter(
    (x) => x.dests.length + x.recall.length > 0 || (d.explorer && endSquares(G as unknown as DeresState, seat, x.piece, true).length),
  );
  const marks: MapMarks = {
    selected: m?.from ?? null,
    lit,
    // The pieces, to pick one (another, or the same again to let it go).
    targets: movable.map((x) => x.from),
    drawn: drawOrders(G, seat, moveOrders(d)),
  };
  const onSquare = (p: Pos) => {
    const hit = lit.find((l) => same(l.at, p));
    if (m && hit) {
      const recall = hit.label === '⌂';
      set((x) => ({
        ...x,
        piece: null,
        moves: [...x.moves.filter((s) => s.piece !== m.piece), { piece: m.piece, to: p, ...(recall ? { recall } : {}) }],
      }));
      return;
    }
    const here = movable.filter((x) => same(x.from, p));
    const pick = here.find((x) => !d.moves.some((s) => s.piece === x.piece)) ?? here[0];
    set((x) => ({ ...x, piece: pick && pick.piece !== m?.piece ? pick.piece : null }));
  };
  const body = (
    <>
      <p className="small">{movable.length ? w.pickPiece : w.noMoves}</p>
      {G.nations[seat]?.inventions.includes('IX') && (
        <label className="small">
          <input
            type="checkbox"
            name="explorer"
            checked={d.explorer}
            onChange={(e) => set((x) => ({ ...x, explorer: e.target.checked }))}
          />{' '}
          {texts.INVENTION_TEXTS.IX.name[tl]}: {texts.INVENTION_TEXTS.IX.text[tl]}
        </label>
      )}
      <DeresOrderList items={moveItems(G, d, set, tl)} w={w} />
    </>
  );
  return { marks, onSquare, body };
}

/** Aiming the throws of new supplies: only squares where a supply may lie (not water, a capital or a fort). */
export function spreadStep(
  G: DeresView,
  seat: string,
  menu: OrderMenu,
  aims: Pos[],
  setAims: (f: (a: Pos[]) => Pos[]) => void,
  w: Words,
  tl: 'nb' | 'en',
): { marks: MapMarks; onSquare: (p: Pos) => void; body: React.ReactNode } {
  const landing = aims.length < menu.throws ? landingSquares(G) : [];
  const lit: Lit[] = landing.map((p) => {
    const next = [...aims, p];
    return { at: p, ...(next.length === menu.throws ? { orders: { kind: 'spread' as const, aims: next } } : {}) };
  });
  const marks: MapMarks = { lit, drawn: drawOrders(G, seat, { kind: 'spread', aims }) };
  const onSquare = (p: Pos) => {
    if (lit.some((l) => same(l.at, p))) setAims((a) => (a.length < menu.throws ? [...a, p] : a));
  };
  const items: OrderItem[] = aims.map((p, i) => ({
    key: `aim${i}`,
    text: orderText('aim', tl, { a: p }),
    remove: () => setAims((a) => a.filter((_, k) => k !== i)),
  }));
  const body = (
    <>
      <p className="small">
        {w.aims} ({aims.length}/{menu.throws})
      </p>
      <DeresOrderList items={items} w={w} />
    </>
  );
  return { marks, onSquare, body };
}
