/**
 * The map of Deres uenighet as SVG: the squares of the terrain pieces laid so far (height by shade,
 * water, hills), the oval's empty slots while the map is built, supplies, capitals, forts and
 * regiments in their nation's colour, the squares the player may click now, and the line of sight of
 * the shot being aimed (the squares it passes, marked where something blocks it).
 */
import { NATION_COLOURS, TILE_SIZE, type DeresView, type Pos } from '@kon/deres';

export const CELL = 30;
const HEIGHT_FILL = ['#dfe8c4', '#c9d39a', '#b7a97a', '#9a8468'];
const key = (p: Pos) => `${p.x},${p.y}`;

export interface MapMarks {
  /** Squares the player may click now. */
  targets?: Pos[];
  /** Empty slots the drawn piece may go to (map building). */
  slots?: number[];
  /** Squares chosen in the orders being written. */
  chosen?: Pos[];
  /** The piece selected (its square). */
  selected?: Pos | null;
  /** A shot being aimed: from, to, and the squares between with what blocks. */
  sight?: { from: Pos; to: Pos; path: Pos[]; blocked: Pos[] } | null;
}

export function DeresMap({
  G,
  marks,
  onSquare,
  onSlot,
}: {
  G: DeresView;
  marks: MapMarks;
  onSquare?: (p: Pos) => void;
  onSlot?: (slot: number) => void;
}) {
  const { width, height, squares } = G.board;
  const colour = (seat: string) => {
    const n = G.nations[seat]?.nation;
    return n ? NATION_COLOURS[n] : '#555';
  };
  const targets = new Set((marks.targets ?? []).map(key));
  const chosen = new Set((marks.chosen ?? []).map(key));
  const path = new Set((marks.sight?.path ?? []).map(key));
  const blocked = new Set((marks.sight?.blocked ?? []).map(key));
  const cells: React.ReactNode[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sq = squares[y * width + x];
      if (!sq) continue;
      const k = `${x},${y}`;
      const clickable = targets.has(k) && onSquare;
      cells.push(
        // biome-ignore lint/a11y/noStaticElementInteractions: the same choice is offered as a list beside the map
        <g
          key={k}
          data-square={k}
          data-target={targets.has(k) ? 'true' : undefined}
          onClick={clickable ? () => onSquare({ x, y }) : undefined}
          style={clickable ? { cursor: 'pointer' } : undefined}
        >
          <rect
            x={x * CELL}
            y={y * CELL}
            width={CELL}
            height={CELL}
            fill={sq.water ? '#7fb3d5' : (HEIGHT_FILL[sq.h] ?? '#888')}
            stroke="#00000022"
          />
          {sq.hill && (
            <path
              d={`M${x * CELL + 6} ${y * CELL + 24} L${x * CELL + 15} ${y * CELL + 8} L${x * CELL + 24} ${y * CELL + 24} Z`}
              fill="#6b5b3e88"
            />
          )}
          {!sq.water && sq.h > 0 && (
            <text x={x * CELL + 3} y={y * CELL + 10} fontSize="8" fill="#0008">
              {sq.h}
            </text>
          )}
          {path.has(k) && (
            <rect
              x={x * CELL + 2}
              y={y * CELL + 2}
              width={CELL - 4}
              height={CELL - 4}
              fill="none"
              stroke={blocked.has(k) ? '#c0392b' : '#1f6fb2'}
              strokeWidth="2"
              strokeDasharray="3 2"
            />
          )}
          {targets.has(k) && (
            <rect x={x * CELL + 1} y={y * CELL + 1} width={CELL - 2} height={CELL - 2} fill="#ffffff44" stroke="#b5651d" strokeWidth="2" />
          )}
          {chosen.has(k) && (
            <rect x={x * CELL + 4} y={y * CELL + 4} width={CELL - 8} height={CELL - 8} fill="none" stroke="#111" strokeWidth="2" />
          )}
        </g>,
      );
    }
  const slots = G.slots.map((s, i) => {
    if (s.tile) return null;
    const can = marks.slots?.includes(i) && onSlot;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: the same choice is offered as a list beside the map
      <rect
        key={`slot${i}`}
        data-slot={i}
        data-target={can ? 'true' : undefined}
        x={s.col * TILE_SIZE * CELL + 2}
        y={s.row * TILE_SIZE * CELL + 2}
        width={TILE_SIZE * CELL - 4}
        height={TILE_SIZE * CELL - 4}
        fill={can ? '#b5651d22' : 'none'}
        stroke={can ? '#b5651d' : '#9996'}
        strokeDasharray="6 4"
        onClick={can ? () => onSlot(i) : undefined}
        style={can ? { cursor: 'pointer' } : undefined}
      />
    );
  });
  const supplies = G.mapSupplies.flatMap((n, i) =>
    n > 0
      ? [
          <g key={`s${i}`} pointerEvents="none" data-supply={`${i % width},${Math.floor(i / width)}`} data-count={n}>
            <circle cx={(i % width) * CELL + 23} cy={Math.floor(i / width) * CELL + 7} r="5" fill="#f4d03f" stroke="#7d6608" />
            {n > 1 && (
              <text x={(i % width) * CELL + 21} y={Math.floor(i / width) * CELL + 10} fontSize="8">
                {n}
              </text>
            )}
          </g>,
        ]
      : [],
  );
  const capitals = Object.entries(G.capitals).flatMap(([seat, c]) =>
    c
      ? [
          <g key={`c${seat}`} pointerEvents="none" data-capital={seat} data-at={key(c)}>
            <rect
              x={c.x * CELL + 5}
              y={c.y * CELL + 5}
              width={CELL - 10}
              height={CELL - 10}
              fill={c.destroyed ? '#555' : colour(seat)}
              stroke="#000"
              strokeWidth="2"
            />
            <text x={c.x * CELL + 11} y={c.y * CELL + 20} fontSize="11" fill="#fff">
              ★
            </text>
          </g>,
        ]
      : [],
  );
  const forts = G.forts.map((f) => (
    <rect
      key={f.id}
      data-fort={f.id}
      pointerEvents="none"
      x={f.x * CELL + 3}
      y={f.y * CELL + 16}
      width={12}
      height={11}
      fill={colour(f.owner)}
      stroke="#000"
      strokeWidth={f.castle ? 3 : 1}
    />
  ));
  const stacks = new Map<string, { at: Pos; owner: string; n: number }>();
  for (const r of G.regiments) {
    const s = stacks.get(key(r)) ?? { at: r, owner: r.owner, n: 0 };
    s.n++;
    stacks.set(key(r), s);
  }
  const regiments = [...stacks.values()].map((s) => (
    <g key={`r${key(s.at)}`} pointerEvents="none" data-regiment={key(s.at)}>
      <circle cx={s.at.x * CELL + 19} cy={s.at.y * CELL + 20} r="7" fill={colour(s.owner)} stroke="#000" />
      {s.n > 1 && (
        <text x={s.at.x * CELL + 16} y={s.at.y * CELL + 23} fontSize="9" fill="#fff">
          {s.n}
        </text>
      )}
    </g>
  ));
  const sel = marks.selected;
  const sight = marks.sight;
  return (
    <svg
      className="deres-map"
      viewBox={`0 0 ${width * CELL} ${height * CELL}`}
      style={{ maxWidth: `${width * CELL * 1.8}px` }}
      role="img"
      aria-label="map"
      data-testid="deres-map"
      data-selected={sel ? key(sel) : undefined}
    >
      {cells}
      {slots}
      {supplies}
      {forts}
      {capitals}
      {regiments}
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
          stroke={sight.blocked.length ? '#c0392b' : '#1f6fb2'}
          strokeWidth="3"
          pointerEvents="none"
        />
      )}
    </svg>
  );
}
