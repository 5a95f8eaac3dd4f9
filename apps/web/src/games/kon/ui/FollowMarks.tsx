/**
 * The computer's latest play on the map (game/computerTurn.ts): the areas its moves touched outlined
 * in its colour, an arrow per march and "+n" where it placed battalions. Drawn in two layers of the
 * board's SVG: the outlines under the names and stacks, the arrows and counts over them.
 */
import { BOARD } from '../game/data';
import { labelPoint } from '../game/geometry';
import type { FollowMarks } from '../game/computerTurn';
import { FACTION_COLOR } from '../../../ui/FactionBadge';

const all = () => true;
const SHAPES = new Map(BOARD.areas.map((a) => [a.id, a.shape]));

/** `own`: the areas this SVG holds the live copy of (the main view or the Northern Norway inset). */
export function FollowOutlines({ marks, own = all }: { marks: FollowMarks; own?: (id: string) => boolean }) {
  return (
    <g className="follow" pointerEvents="none">
      {marks.areas
        .filter((m) => own(m.area))
        .map((m) => (
          <path
            key={m.area}
            d={SHAPES.get(m.area)}
            className="follow-area"
            stroke={FACTION_COLOR[m.faction]}
            fill={FACTION_COLOR[m.faction]}
            data-follow={m.area}
            data-follow-faction={m.faction}
          />
        ))}
    </g>
  );
}

export function FollowArrows({ marks, k, own = all }: { marks: FollowMarks; k: number; own?: (id: string) => boolean }) {
  return (
    <g className="follow" pointerEvents="none">
      {/* An arrow is drawn where its target is. */}
      {marks.arrows.map((a, i) => {
        if (!own(a.to)) return null;
        const p = labelPoint(a.from);
        const q = labelPoint(a.to);
        const len = Math.hypot(q.x - p.x, q.y - p.y);
        if (len < 1) return null;
        // From beside the source's stack to just short of the target's, so neither stack is covered.
        const cut = Math.min(16 * k, len / 3);
        const ux = (q.x - p.x) / len;
        const uy = (q.y - p.y) / len;
        const x1 = p.x + ux * cut;
        const y1 = p.y + uy * cut;
        const x2 = q.x - ux * cut;
        const y2 = q.y - uy * cut;
        const angle = (Math.atan2(uy, ux) * 180) / Math.PI;
        const color = FACTION_COLOR[a.faction];
        return (
          <g key={i} className={`follow-arrow${a.attack ? ' follow-attack' : ''}`} data-follow-arrow={`${a.from}>${a.to}`}>
            <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={color} strokeWidth={3 * k} />
            <path d="M0,-6 L11,0 L0,6 Z" fill={color} transform={`translate(${x2},${y2}) rotate(${angle}) scale(${k})`} />
          </g>
        );
      })}
      {marks.areas
        .filter((m) => m.placed > 0 && own(m.area))
        .map((m) => {
          const p = labelPoint(m.area);
          return (
            <g
              key={m.area}
              className="follow-badge"
              transform={`translate(${p.x + 20 * k},${p.y - 16 * k}) scale(${k})`}
              data-follow-placed={m.area}
            >
              <rect x={-11} y={-8} width={22} height={15} rx={7} fill={FACTION_COLOR[m.faction]} />
              <text y={3.5} fontSize={10}>{`+${m.placed}`}</text>
            </g>
          );
        })}
    </g>
  );
}
