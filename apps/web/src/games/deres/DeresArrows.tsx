/**
 * Orders drawn on the map: a move as an arrow in the nation's colour, a shot as a line ending in a
 * cross-hair with the roll it needs, a purchase as a dashed ghost of the piece, a throw's aim as a
 * ring, artillery and gas as cross-hairs. Drawn orders never take clicks.
 */
import type { DeresView, Pos } from '@kon/deres';
import { colourOf } from './DeresPieces';
import { CELL } from './DeresTerrain';
import type { DrawnOrder } from './order-words';

const mid = (p: Pos) => ({ x: p.x * CELL + CELL / 2, y: p.y * CELL + CELL / 2 });
const k = (p: Pos) => `${p.x},${p.y}`;

function Arrow({ from, to, colour }: { from: Pos; to: Pos; colour: string }) {
  const a = mid(from);
  const b = mid(to);
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  // Stop short of the square's centre, the head pointing into it.
  const tip = { x: b.x - ux * 5, y: b.y - uy * 5 };
  const base = { x: tip.x - ux * 9, y: tip.y - uy * 9 };
  const head = `M${tip.x} ${tip.y} L${base.x - uy * 5} ${base.y + ux * 5} L${base.x + uy * 5} ${base.y - ux * 5} Z`;
  return (
    <>
      <line x1={a.x} y1={a.y} x2={base.x} y2={base.y} stroke="#111" strokeWidth="5.5" strokeLinecap="round" />
      <line x1={a.x} y1={a.y} x2={base.x} y2={base.y} stroke={colour} strokeWidth="3" strokeLinecap="round" />
      <path d={head} fill={colour} stroke="#111" strokeWidth="1.2" />
    </>
  );
}

function CrossHair({ at, colour }: { at: Pos; colour: string }) {
  const c = mid(at);
  return (
    <>
      <circle cx={c.x} cy={c.y} r="9" fill="none" stroke="#111" strokeWidth="3.5" />
      <circle cx={c.x} cy={c.y} r="9" fill="none" stroke={colour} strokeWidth="2" />
      <path
        d={`M${c.x - 13} ${c.y} h8 M${c.x + 5} ${c.y} h8 M${c.x} ${c.y - 13} v8 M${c.x} ${c.y + 5} v8`}
        stroke="#111"
        strokeWidth="1.6"
      />
    </>
  );
}

function Label({ at, text }: { at: Pos; text: string }) {
  const c = mid(at);
  return (
    <g>
      <rect x={c.x + 3} y={c.y - 15} width={text.length * 6 + 6} height={12} rx="3" fill="#111" />
      <text x={c.x + 6} y={c.y - 6} fontSize="9" fill="#fff">
        {text}
      </text>
    </g>
  );
}

function Ghost({ d, colour }: { d: Extract<DrawnOrder, { kind: 'place' }>; colour: string }) {
  const X = d.at.x * CELL;
  const Y = d.at.y * CELL;
  const dash = { fill: `${colour}88`, stroke: '#111', strokeWidth: 1.5, strokeDasharray: '3 2' };
  switch (d.what) {
    case 'regiment':
    case 'conscript':
      return (
        <>
          <circle cx={X + 19} cy={Y + 20} r="7" {...dash} />
          <text x={X + 19} y={Y + 24} fontSize="11" textAnchor="middle" fill="#111">
            +
          </text>
        </>
      );
    case 'fort':
    case 'slaveFort':
      return <rect x={X + 3} y={Y + 13} width="12" height="14" {...dash} />;
    case 'castle':
    case 'fortUp':
      return (
        <text x={X + 9} y={Y + 12} fontSize="12" textAnchor="middle" fill="#111" stroke="#fff" strokeWidth="0.6">
          {d.what === 'castle' ? '♜' : '▲'}
        </text>
      );
    case 'aim':
      return <circle cx={X + CELL / 2} cy={Y + CELL / 2} r="8" fill="none" stroke="#111" strokeWidth="2.5" strokeDasharray="4 2" />;
    case 'gas':
    case 'artillery':
      return <CrossHair at={d.at} colour={d.what === 'gas' ? '#9acd32' : colour} />;
  }
}

/**
 * `revealed`: the orders are those of the step just revealed (its log index), not a draft: each appears
 * in turn (an arrow grows from its piece, deres.css; at once where motion is reduced).
 */
export function DrawnOrders({ G, drawn, revealed }: { G: Pick<DeresView, 'nations'>; drawn: DrawnOrder[]; revealed?: number | undefined }) {
  return (
    <g
      key={revealed ?? 'draft'}
      pointerEvents="none"
      data-testid="drawn-orders"
      className={revealed === undefined ? undefined : 'deres-revealed'}
      data-revealed={revealed}
    >
      {drawn.map((d, i) => {
        const colour = colourOf(G, d.seat);
        const from = d.kind === 'place' ? mid(d.at) : mid(d.from);
        // Where the order grows from, and its turn to appear (used only by the reveal's animation).
        const style = { transformOrigin: `${from.x}px ${from.y}px`, '--turn': i } as React.CSSProperties;
        if (d.kind === 'move')
          return (
            <g key={`m${i}`} data-drawn="move" data-from={k(d.from)} data-to={k(d.to)} style={style}>
              <Arrow from={d.from} to={d.to} colour={colour} />
            </g>
          );
        if (d.kind === 'shot') {
          const a = mid(d.from);
          const b = mid(d.to);
          return (
            <g key={`s${i}`} data-drawn="shot" data-from={k(d.from)} data-to={k(d.to)} data-label={d.label} style={style}>
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#111" strokeWidth="3.5" strokeDasharray="6 3" />
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={colour} strokeWidth="2" strokeDasharray="6 3" />
              <CrossHair at={d.to} colour={colour} />
              {d.label && <Label at={d.to} text={d.label} />}
            </g>
          );
        }
        return (
          <g key={`p${i}`} data-drawn={d.what} data-to={k(d.at)} style={style}>
            <Ghost d={d} colour={colour} />
          </g>
        );
      })}
    </g>
  );
}
