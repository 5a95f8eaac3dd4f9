/**
 * One SVG of the map, its layers in order: the main view and the Northern Norway inset (ui/InsetMap.tsx)
 * both draw the board with it, each with its own view box, names and stack sizes. `ctl.own` says which
 * places this SVG holds live; the others it draws passively (shape only).
 */
import type { PointerEvent, RefObject } from 'react';
import type { FactionView } from '@kon/game';
import { BOARD } from '../game/data';
import { BORDERS, labelPoint } from '../game/geometry';
import type { FollowMarks } from '../game/computerTurn';
import { ShipMarkers } from './ShipMarkers';
import { FollowArrows, FollowOutlines } from './FollowMarks';
import { SEA_LABEL_FONT, seaLabelWidth } from './mapView';
import { FULL, type ViewBox } from './mapRegions';
import { AreaLabels, AreaShapes, HitTargets, SeaShapes, StacksAndAttacks, type PickControl } from './BoardLayers';
import type { useBoardLabels } from './mapLabels';

const inView = (p: { x: number; y: number }, vb: ViewBox, half: number) =>
  p.x + half > vb.x && p.x - half < vb.x + vb.w && p.y + SEA_LABEL_FONT > vb.y && p.y - SEA_LABEL_FONT < vb.y + vb.h;

export interface SvgGestures {
  onPointerDown: (e: PointerEvent<SVGSVGElement>) => void;
  onPointerMove: (e: PointerEvent<SVGSVGElement>) => void;
  onPointerUp: (e: PointerEvent<SVGSVGElement>) => void;
}

export function BoardSvg({
  svgRef,
  className,
  label,
  vb,
  G,
  ctl,
  inPlay,
  follow,
  carried,
  k,
  px,
  labels,
  gestures,
}: {
  svgRef?: RefObject<SVGSVGElement | null>;
  className: string;
  label: string;
  vb: ViewBox;
  G: FactionView;
  ctl: PickControl;
  inPlay: ReadonlySet<string> | null;
  follow: FollowMarks | null | undefined;
  carried?: { from: string; x: number; y: number } | null;
  /** Size of stacks and markers (map units per their base size). */
  k: number;
  /** Screen pixels per map unit. */
  px: number;
  labels: ReturnType<typeof useBoardLabels>;
  gestures?: SvgGestures;
}) {
  const { kText, placed, seaHidden, seaAt, labelBoxes } = labels;
  const { ids, own } = ctl;
  const combatArea = G.combat?.area;
  return (
    <svg
      ref={svgRef}
      className={className}
      viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
      preserveAspectRatio="xMidYMid meet"
      onPointerDown={gestures?.onPointerDown}
      onPointerMove={gestures?.onPointerMove}
      onPointerUp={gestures?.onPointerUp}
      onPointerCancel={gestures?.onPointerUp}
      // A long press shows an area's facts; the browser's own long-press menu would cover them.
      onContextMenu={(e) => e.preventDefault()}
      role="group"
      aria-label={label}
    >
      <defs>
        <pattern id={`${ids}hatch-red`} width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="10" height="10" fill="#f3d9d2" />
          <line x1="0" y1="0" x2="0" y2="10" stroke="#d98a78" strokeWidth="3" />
        </pattern>
        <pattern id={`${ids}hatch-grey`} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
          <rect width="8" height="8" fill="#e2ddd3" />
          <line x1="0" y1="0" x2="0" y2="8" stroke="#d2ccc0" strokeWidth="2" />
        </pattern>
      </defs>
      {/* Beyond the drawing, then the open water under it (the sea zones are drawn on it). */}
      <rect x={-4000} y={-4000} width={12000} height={12000} className="beyond" />
      <rect x={FULL.x} y={FULL.y} width={FULL.w} height={FULL.h} className="water" />
      <SeaShapes ctl={ctl} />
      {/* Other countries: calm background; nothing enters them. */}
      {BOARD.abroad.map((d, i) => (
        <path key={i} d={d} className="abroad" />
      ))}
      {BOARD.lakes.map((d, i) => (
        <path key={i} d={d} className="lake" />
      ))}
      {/* A numeral wholly out of this view is not drawn (the inset's would lie over the main view's names). */}
      {BOARD.seaZones
        .filter((z) => own(z.id) && !seaHidden.has(z.id) && inView(seaAt.get(z.id)!, vb, seaLabelWidth(z.id) / 2))
        .map((z) => (
          <text
            key={z.id}
            x={seaAt.get(z.id)!.x}
            y={seaAt.get(z.id)!.y}
            className={`sea-label ${z.redShadow ? 'red' : ''}`}
            fontSize={SEA_LABEL_FONT}
          >
            {z.id}
          </text>
        ))}
      <AreaShapes ctl={ctl} G={G} inPlay={inPlay} />
      {BOARD.impassable.map((d, i) => (
        <path key={i} d={d} className="mountain" fill={`url(#${ids}hatch-grey)`} />
      ))}
      {BORDERS.filter((b) => b.kind === 'fjord').map((b) =>
        b.segments.length > 0 ? (
          <path key={`${b.a}-${b.b}`} className="fjord" d={b.segments.map(([p, q]) => `M${p.x},${p.y}L${q.x},${q.y}`).join('')} />
        ) : b.crossing ? (
          <line
            key={`${b.a}-${b.b}`}
            className="fjord crossing"
            x1={b.crossing[0].x}
            y1={b.crossing[0].y}
            x2={b.crossing[1].x}
            y2={b.crossing[1].y}
          />
        ) : null,
      )}
      <path d={BOARD.fraTysklandLine} className="fra-tyskland" />
      {follow && <FollowOutlines marks={follow} own={own} />}
      <AreaLabels placed={placed} labelBoxes={labelBoxes} kText={kText} />
      <StacksAndAttacks G={G} k={k} own={own} />
      {follow && <FollowArrows marks={follow} k={k} own={own} />}
      {carried && (
        <line
          className="carry-line"
          x1={labelPoint(carried.from).x}
          y1={labelPoint(carried.from).y + 5 * k}
          x2={carried.x}
          y2={carried.y}
          strokeWidth={3 * k}
          pointerEvents="none"
        />
      )}
      {G.ruleset === 'advanced' && <ShipMarkers G={G} k={k} own={own} />}
      {combatArea && own(combatArea) && (
        <circle cx={labelPoint(combatArea).x} cy={labelPoint(combatArea).y + 2} r={30} className="combat-ring" pointerEvents="none" />
      )}
      <HitTargets ctl={ctl} k={k} px={px} />
    </svg>
  );
}
