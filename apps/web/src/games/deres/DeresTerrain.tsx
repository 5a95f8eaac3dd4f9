/**
 * The land of the Deres map: heights as relief (a shade per height, a lit edge where the ground rises
 * to the north-west and a shadow where it falls away to the south-east, contour lines between heights),
 * cliffs as hatched edges, hills as a hill sign, water as water with waves, and the names of the
 * columns and rows on the edges (C7). A square's height and kind are in its tooltip.
 */
import { CLIFF, columnName, rowName, squareName, type Board, type Square } from '@kon/deres';
import { translate } from '../../i18n';

export const CELL = 30;
/** Room for the column letters and row numbers around the map. */
export const EDGE = 14;
const LAND = ['#d9e8b8', '#bfd595', '#cdb986', '#a98f6b'];
const WATER = '#5b9bd5';
const CONTOUR = '#6b5434';

const at = (b: Board, x: number, y: number): Square | null =>
  x < 0 || y < 0 || x >= b.width || y >= b.height ? null : (b.squares[y * b.width + x] ?? null);

/** A square's facts in words: its name, height and kind (the tooltip). */
export function squareFacts(sq: Square, x: number, y: number, tl: 'nb' | 'en'): string {
  const f = (k: 'height' | 'hill' | 'water') => translate(tl === 'nb' ? 'no' : 'en', `deres.fact.${k}`);
  return [squareName({ x, y }), sq.water ? f('water') : `${f('height')} ${sq.h}`, sq.hill ? f('hill') : ''].filter(Boolean).join(' · ');
}

/** One square's ground: fill, relief strips, water's waves, the hill sign. */
export function SquareGround({ b, x, y, sq }: { b: Board; x: number; y: number; sq: Square }) {
  const X = x * CELL;
  const Y = y * CELL;
  const parts: React.ReactNode[] = [
    <rect key="f" x={X} y={Y} width={CELL} height={CELL} fill={sq.water ? WATER : (LAND[sq.h] ?? '#999')} />,
  ];
  if (sq.water)
    for (const dy of [10, 20])
      parts.push(<path key={`w${dy}`} d={`M${X + 5} ${Y + dy} q3 -3 6 0 t6 0 t6 0`} fill="none" stroke="#ffffffaa" strokeWidth="1.2" />);
  else {
    // Relief: higher than the neighbour to the north or west, lit; than the one south or east, in shadow.
    const lower = (nx: number, ny: number) => {
      const n = at(b, nx, ny);
      return n !== null && !n.water && n.h < sq.h;
    };
    if (lower(x, y - 1)) parts.push(<rect key="ln" x={X} y={Y} width={CELL} height={4} fill="#ffffff66" />);
    if (lower(x - 1, y)) parts.push(<rect key="lw" x={X} y={Y} width={4} height={CELL} fill="#ffffff66" />);
    if (lower(x, y + 1)) parts.push(<rect key="ls" x={X} y={Y + CELL - 4} width={CELL} height={4} fill="#00000033" />);
    if (lower(x + 1, y)) parts.push(<rect key="le" x={X + CELL - 4} y={Y} width={4} height={CELL} fill="#00000033" />);
    if (sq.hill)
      parts.push(
        <g key="h" data-hill="true">
          <path d={`M${X + 4} ${Y + 23} Q${X + 15} ${Y + 4} ${X + 26} ${Y + 23} Z`} fill="#7d6a42" stroke="#4a3b20" strokeWidth="1" />
          <path d={`M${X + 10} ${Y + 20} l2 -5 M${X + 15} ${Y + 20} v-7 M${X + 20} ${Y + 20} l-2 -5`} stroke="#e9dfc4" strokeWidth="1" />
        </g>,
      );
  }
  return <>{parts}</>;
}

/** Contour lines between squares of different height, and cliffs (a drop of 2 or more) hatched. */
export function Contours({ b }: { b: Board }) {
  const out: React.ReactNode[] = [];
  for (let y = 0; y < b.height; y++)
    for (let x = 0; x < b.width; x++) {
      const sq = at(b, x, y);
      if (!sq) continue;
      // Each edge once: to the east and to the south.
      for (const [dx, dy] of [
        [1, 0],
        [0, 1],
      ] as const) {
        const n = at(b, x + dx, y + dy);
        if (!n || n.water || sq.water || n.h === sq.h) continue;
        const x1 = (x + dx) * CELL;
        const y1 = (y + dy) * CELL;
        const x2 = dx ? x1 : x1 + CELL;
        const y2 = dx ? y1 + CELL : y1;
        const cliff = Math.abs(n.h - sq.h) >= CLIFF;
        out.push(
          <line
            key={`c${x},${y},${dx}`}
            x1={x1}
            y1={y1}
            x2={x2}
            y2={y2}
            stroke={CONTOUR}
            strokeWidth={cliff ? 3 : 1.2}
            strokeDasharray={cliff ? undefined : '4 2'}
          />,
        );
        if (cliff) {
          // Hatching on the low side, as map makers draw a drop.
          const down = n.h < sq.h ? 1 : -1;
          const ticks = [5, 11, 17, 23].map((t) => (dx ? `M${x1} ${y1 + t} h${4 * down}` : `M${x1 + t} ${y1} v${4 * down}`)).join(' ');
          out.push(<path key={`t${x},${y},${dx}`} d={ticks} stroke={CONTOUR} strokeWidth="1.5" data-cliff="true" />);
        }
      }
    }
  return <g pointerEvents="none">{out}</g>;
}

/** Column letters above and row numbers beside the map. */
export function EdgeNames({ b }: { b: Board }) {
  return (
    <g className="deres-edge-names" pointerEvents="none" fontSize="10" fill="#333" textAnchor="middle">
      {Array.from({ length: b.width }, (_, x) => (
        <text key={`c${x}`} x={x * CELL + CELL / 2} y={-4}>
          {columnName(x)}
        </text>
      ))}
      {Array.from({ length: b.height }, (_, y) => (
        <text key={`r${y}`} x={-EDGE / 2} y={y * CELL + CELL / 2 + 3}>
          {rowName(y)}
        </text>
      ))}
    </g>
  );
}
