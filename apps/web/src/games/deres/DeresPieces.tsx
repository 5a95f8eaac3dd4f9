/**
 * What stands on the Deres map, as pieces in their nation's colour: capitals as a keep with a star,
 * forts as a tower, castles as a wider tower with two turrets, regiments as round tokens (a number for
 * several stacked), and supplies as light coins with a brown rim (never a nation's colour).
 */
import { NATION_COLOURS, SUPPLY_COLOUR, type DeresView, type Pos } from '@kon/deres';
import { CELL } from './DeresTerrain';

const key = (p: Pos) => `${p.x},${p.y}`;

export function colourOf(G: Pick<DeresView, 'nations'>, seat: string): string {
  const n = G.nations[seat]?.nation;
  return n ? NATION_COLOURS[n] : '#555';
}

/** A tower: crenellated top; `wide` for a castle. */
function tower(X: number, Y: number, wide: boolean): string {
  const w = wide ? 18 : 12;
  const x0 = X + (CELL - w) / 2;
  const top = Y + 13;
  const c = w / 3;
  return `M${x0} ${Y + 27} V${top} h${c / 2} v-3 h${c / 2} v3 h${c} v-3 h${c / 2}${wide ? ` v3 h${c / 2} v-3 h${c / 2}` : ' v3 h0'} V${Y + 27} Z`;
}

export function Pieces({ G }: { G: DeresView }) {
  const { width } = G.board;
  const supplies = G.mapSupplies.flatMap((n, i) => {
    if (n <= 0) return [];
    const x = (i % width) * CELL;
    const y = Math.floor(i / width) * CELL;
    return [
      <g key={`s${i}`} pointerEvents="none" data-supply={`${i % width},${Math.floor(i / width)}`} data-count={n}>
        <circle cx={x + 23} cy={y + 7} r="5.5" fill={SUPPLY_COLOUR} stroke="#7a5a1e" strokeWidth="1.6" />
        {n > 1 ? (
          <text x={x + 23} y={y + 10} fontSize="8" textAnchor="middle" fill="#4a3410">
            {n}
          </text>
        ) : (
          <circle cx={x + 23} cy={y + 7} r="1.5" fill="#7a5a1e" />
        )}
      </g>,
    ];
  });
  const capitals = Object.entries(G.capitals).flatMap(([seat, c]) => {
    if (!c) return [];
    const X = c.x * CELL;
    const Y = c.y * CELL;
    return [
      <g key={`c${seat}`} pointerEvents="none" data-capital={seat} data-at={key(c)}>
        <path
          d={`M${X + 5} ${Y + 27} V${Y + 12} L${X + 15} ${Y + 4} L${X + 25} ${Y + 12} V${Y + 27} Z`}
          fill={c.destroyed ? '#333' : colourOf(G, seat)}
          stroke="#111"
          strokeWidth="1.8"
        />
        <text x={X + 15} y={Y + 23} fontSize="11" textAnchor="middle" fill="#fff" stroke="#000" strokeWidth="0.4">
          ★
        </text>
      </g>,
    ];
  });
  const forts = G.forts.map((f) => (
    <path
      key={f.id}
      data-fort={f.id}
      data-castle={f.castle ? 'true' : undefined}
      pointerEvents="none"
      d={tower(f.x * CELL - 6, f.y * CELL, f.castle)}
      fill={colourOf(G, f.owner)}
      stroke="#111"
      strokeWidth={f.castle ? 2 : 1.3}
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
      <circle cx={s.at.x * CELL + 19} cy={s.at.y * CELL + 20} r="7" fill={colourOf(G, s.owner)} stroke="#111" strokeWidth="1.3" />
      <circle cx={s.at.x * CELL + 19} cy={s.at.y * CELL + 20} r="4.5" fill="none" stroke="#ffffff99" strokeWidth="1" />
      {s.n > 1 && (
        <text x={s.at.x * CELL + 19} y={s.at.y * CELL + 23} fontSize="9" textAnchor="middle" fill="#fff" stroke="#000" strokeWidth="0.5">
          {s.n}
        </text>
      )}
    </g>
  ));
  return (
    <>
      {supplies}
      {forts}
      {capitals}
      {regiments}
    </>
  );
}
