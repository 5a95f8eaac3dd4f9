/**
 * The map of Deres uenighet as SVG: the land (DeresTerrain.tsx: relief, cliffs, hills, water, the
 * names of columns and rows), the oval's empty slots while the map is built, the pieces
 * (DeresPieces.tsx), the orders being written or looked back at (DeresArrows.tsx), the squares the
 * player may click now (lit with what a click there costs or needs), and the line of sight of the
 * shot being aimed (the squares it passes, marked where something blocks it).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { TILE_SIZE, type DeresView, type Pos } from '@kon/deres';
import { translate } from '../../i18n';
import { DrawnOrders } from './DeresArrows';
import { Pieces } from './DeresPieces';
import { CELL, Contours, EDGE, EdgeNames, SquareGround, squareFacts } from './DeresTerrain';
import type { Lit } from './lit';
import type { DrawnOrder } from './order-words';

export { CELL };
const key = (p: Pos) => `${p.x},${p.y}`;

export interface MapMarks {
  /** Squares the player may click now to pick something (a piece, a set-up square). */
  targets?: Pos[];
  /** Squares where a click gives an order the engine takes, with what it costs or needs. */
  lit?: Lit[];
  /** Empty slots the drawn piece may go to (map building). */
  slots?: number[];
  /** The piece selected (its square). */
  selected?: Pos | null;
  /** A shot being aimed: from, to, and the squares between with what blocks. */
  sight?: { from: Pos; to: Pos; path: Pos[]; blocked: Pos[] } | null;
  /** Orders drawn on the map (the draft, or orders revealed when looking back). */
  drawn?: DrawnOrder[];
  /** The drawn orders are those of the step just revealed (its log index): they appear in turn. */
  revealed?: number;
}

function Squares({ G, marks, onSquare, tl }: { G: DeresView; marks: MapMarks; onSquare?: (p: Pos) => void; tl: 'nb' | 'en' }) {
  const { width, height, squares } = G.board;
  const targets = new Set((marks.targets ?? []).map(key));
  const lit = new Map((marks.lit ?? []).map((l) => [key(l.at), l]));
  const path = new Set((marks.sight?.path ?? []).map(key));
  const blocked = new Set((marks.sight?.blocked ?? []).map(key));
  const cells: React.ReactNode[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sq = squares[y * width + x];
      if (!sq) continue;
      const k = `${x},${y}`;
      const l = lit.get(k);
      const clickable = (targets.has(k) || l) && onSquare;
      const X = x * CELL;
      const Y = y * CELL;
      cells.push(
        // biome-ignore lint/a11y/noStaticElementInteractions: every choice is also named in the order list beside the map
        <g
          key={k}
          data-square={k}
          data-lesson-target={`square:${k}`}
          data-target={clickable ? 'true' : undefined}
          data-lit={l ? 'true' : undefined}
          data-order={l?.orders ? JSON.stringify(l.orders) : undefined}
          onClick={clickable ? () => onSquare({ x, y }) : undefined}
          style={clickable ? { cursor: 'pointer' } : undefined}
        >
          <title>{squareFacts(sq, x, y, tl)}</title>
          <SquareGround b={G.board} x={x} y={y} sq={sq} />
          {path.has(k) && (
            <rect
              x={X + 2}
              y={Y + 2}
              width={CELL - 4}
              height={CELL - 4}
              fill="none"
              stroke={blocked.has(k) ? '#b00020' : '#0b4f8a'}
              strokeWidth="2"
              strokeDasharray="3 2"
            />
          )}
          {targets.has(k) && !l && (
            <rect
              x={X + 1.5}
              y={Y + 1.5}
              width={CELL - 3}
              height={CELL - 3}
              fill="none"
              stroke="#111"
              strokeWidth="2"
              strokeDasharray="4 2"
            />
          )}
          {l && <rect x={X + 1} y={Y + 1} width={CELL - 2} height={CELL - 2} fill="#ffffff66" stroke="#e8590c" strokeWidth="2.5" />}
        </g>,
      );
    }
  return <>{cells}</>;
}

/** The labels of lit squares (cost or roll needed), above the pieces so that they stay readable. */
function LitLabels({ lit }: { lit: Lit[] }) {
  return (
    <g pointerEvents="none">
      {lit
        .filter((l) => l.label)
        .map((l) => (
          <g key={key(l.at)}>
            <rect x={l.at.x * CELL + 1} y={l.at.y * CELL + 1} width={(l.label!.length + 1) * 5.5} height={11} fill="#e8590c" />
            <text x={l.at.x * CELL + 3} y={l.at.y * CELL + 10} fontSize="9" fill="#fff" fontWeight="bold">
              {l.label}
            </text>
          </g>
        ))}
    </g>
  );
}

/**
 * The map's greatest height: the window's height below where the map starts on the page, so that the
 * whole board is in sight without scrolling (at 1366 × 800 as on a phone), never below 240 px.
 */
function useFitHeight(): [React.RefObject<SVGSVGElement | null>, number | null] {
  const ref = useRef<SVGSVGElement | null>(null);
  const [max, setMax] = useState<number | null>(null);
  useLayoutEffect(() => {
    const fit = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setMax(Math.max(240, Math.floor(window.innerHeight - top - 8)));
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return [ref, max];
}

export function DeresMap({
  G,
  marks,
  onSquare,
  onSlot,
  tl = 'en',
}: {
  G: DeresView;
  marks: MapMarks;
  onSquare?: (p: Pos) => void;
  onSlot?: (slot: number) => void;
  tl?: 'nb' | 'en';
}) {
  const { width, height } = G.board;
  const slots = G.slots.map((s, i) => {
    if (s.tile) return null;
    const can = marks.slots?.includes(i) && onSlot;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: the same choice is offered as a list beside the map
      <rect
        key={`slot${i}`}
        data-slot={i}
        data-lesson-target={`slot:${i}`}
        data-target={can ? 'true' : undefined}
        x={s.col * TILE_SIZE * CELL + 2}
        y={s.row * TILE_SIZE * CELL + 2}
        width={TILE_SIZE * CELL - 4}
        height={TILE_SIZE * CELL - 4}
        fill={can ? '#e8590c22' : 'none'}
        stroke={can ? '#e8590c' : '#9996'}
        strokeDasharray="6 4"
        onClick={can ? () => onSlot(i) : undefined}
        style={can ? { cursor: 'pointer' } : undefined}
      />
    );
  });
  const sel = marks.selected;
  const sight = marks.sight;
  const [ref, maxHeight] = useFitHeight();
  return (
    <svg
      ref={ref}
      className="deres-map"
      viewBox={`${-EDGE} ${-EDGE} ${width * CELL + EDGE + 2} ${height * CELL + EDGE + 2}`}
      style={{ maxWidth: `${(width * CELL + EDGE) * 1.8}px`, ...(maxHeight ? { maxHeight: `${maxHeight}px` } : {}) }}
      role="img"
      aria-label={translate(tl === 'nb' ? 'no' : 'en', 'deres.map')}
      data-testid="deres-map"
      data-selected={sel ? key(sel) : undefined}
    >
      <rect x={-EDGE} y={-EDGE} width={width * CELL + EDGE + 2} height={height * CELL + EDGE + 2} fill="#eef3f7" />
      <EdgeNames b={G.board} />
      <Squares G={G} marks={marks} {...(onSquare ? { onSquare } : {})} tl={tl} />
      <Contours b={G.board} />
      {slots}
      <Pieces G={G} />
      {sel && (
        <rect x={sel.x * CELL} y={sel.y * CELL} width={CELL} height={CELL} fill="none" stroke="#111" strokeWidth="3" pointerEvents="none" />
      )}
      {sight && (
        <line
          data-testid="line-of-sight"
          x1={sight.from.x * CELL + CELL / 2}
          y1={sight.from.y * CELL + CELL / 2}
          x2={sight.to.x * CELL + CELL / 2}
          y2={sight.to.y * CELL + CELL / 2}
          stroke={sight.blocked.length ? '#b00020' : '#0b4f8a'}
          strokeWidth="1.5"
          pointerEvents="none"
        />
      )}
      {marks.drawn && <DrawnOrders G={G} drawn={marks.drawn} revealed={marks.revealed} />}
      {marks.lit && <LitLabels lit={marks.lit} />}
    </svg>
  );
}
