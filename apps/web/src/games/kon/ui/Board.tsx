/** The map: drawn from the board data, with stacks, pending attacks, and the areas you may pick. */
import { memo, useMemo, useRef, type KeyboardEvent } from 'react';
import type { FactionView } from '@kon/game';
import { BOARD } from '../game/data';
import { BORDERS, labelPoint } from '../game/geometry';
import { useI18n } from '../../../i18n';
import { ShipMarkers } from './ShipMarkers';
import { FollowArrows, FollowOutlines } from './FollowMarks';
import type { FollowMarks } from '../game/computerTurn';
import { useAreaFacts } from './AreaFacts';
import { Legend } from './Legend';
import './board-help.css';
import { SEA_LABEL_FONT, useFocusPan, useSvgSize } from './mapView';
import { FULL } from './mapRegions';
import { useOpeningView } from './mapOpening';
import { useMapGestures } from './mapGestures';
import { useStackDrag, type StackDrag } from './mapDrag';
import { AreaLabels, AreaShapes, HitTargets, MapControls, SeaShapes, StacksAndAttacks, type PickControl } from './BoardLayers';
import { useBoardLabels } from './mapLabels';

export interface BoardProps {
  G: FactionView;
  /** Areas a click would do something with now. */
  pickable?: ReadonlySet<string>;
  /** Areas with a stack of yours that can be picked up. */
  sources?: ReadonlySet<string>;
  selected?: string | null;
  onPick?: (area: string) => void;
  /** Labels for pickable areas (e.g. "Move 2 here"), read by screen readers and shown as a tooltip. */
  pickHint?: (area: string) => string | undefined;
  /** What the computer just did, marked on the map (game/computerTurn.ts). */
  follow?: FollowMarks | null;
  /** Stacks that may be dragged onto a destination: one gesture makes the move. */
  drag?: StackDrag;
}

export const Board = memo(function Board({ G, pickable, sources, selected, onPick, pickHint, follow, drag }: BoardProps) {
  const { t } = useI18n();
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // A scenario on part of the board opens on its region; "whole map" goes back to it.
  const home = G.scenario?.region ?? 'all';
  const inPlay = useMemo(() => (G.scenario?.region ? new Set(G.scenario.region) : null), [G.scenario?.region]);
  const { vb, setVb, openView } = useOpeningView(svgRef, home);
  const k = Math.min(1.45, Math.max(1, vb.w / 700));
  const size = useSvgSize(svgRef);
  /** Screen pixels per map unit (the view box keeps the box's aspect, so one number does). */
  const px = size.w > 0 ? size.w / vb.w : 1;
  const { kText, placed, seaHidden, seaAt, labelBoxes } = useBoardLabels({
    G,
    vb,
    width: size.w,
    px,
    k,
    selected,
    pickable,
    sources,
    boxRef,
    svgRef,
  });
  const facts = useAreaFacts(boxRef, G, (id) => (pickable?.has(id) || sources?.has(id) ? pickHint?.(id) : undefined));
  // Keep the selected stack and where it may go in sight: pan (and on a phone, zoom) to them, clear
  // of the bottom sheet that covers the lower part of the screen.
  const focusKey = selected ? [selected, ...[...(pickable ?? [])].sort()].join(',') : '';
  const { carried, carrying, handlers } = useStackDrag(drag, !!onPick);
  useFocusPan(focusKey, carrying, svgRef, setVb);
  const { suppressClick, zoomAt, onPointerDown, onPointerMove, onPointerUp } = useMapGestures(svgRef, vb, setVb, facts, handlers);

  const pick = (area: string) => {
    // A long press showed the area's facts: the click it ends with picks nothing.
    if (facts.consumeLongPress()) return;
    if (suppressClick.current) {
      suppressClick.current = false;
      return;
    }
    if (pickable?.has(area) || sources?.has(area)) onPick?.(area);
  };
  const onKey = (area: string) => (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onPick?.(area);
    }
  };

  const combatArea = G.combat?.area;
  const ctl: PickControl = { pickable, sources, selected, pickHint, pick, onKey, facts };

  return (
    <div className="board" ref={boxRef}>
      <svg
        ref={svgRef}
        className="board-svg"
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        preserveAspectRatio="xMidYMid meet"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        // A long press shows an area's facts; the browser's own long-press menu would cover them.
        onContextMenu={(e) => e.preventDefault()}
        role="group"
        aria-label={t('app.title')}
      >
        <defs>
          <pattern id="hatch-red" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="10" height="10" fill="#f3d9d2" />
            <line x1="0" y1="0" x2="0" y2="10" stroke="#d98a78" strokeWidth="3" />
          </pattern>
          <pattern id="hatch-grey" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
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
        {BOARD.seaZones
          .filter((z) => !seaHidden.has(z.id))
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
          <path key={i} d={d} className="mountain" fill="url(#hatch-grey)" />
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
        {follow && <FollowOutlines marks={follow} />}
        <AreaLabels placed={placed} labelBoxes={labelBoxes} kText={kText} />
        <StacksAndAttacks G={G} k={k} />
        {follow && <FollowArrows marks={follow} k={k} />}
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
        {G.ruleset === 'advanced' && <ShipMarkers G={G} k={k} />}
        {combatArea && (
          <circle cx={labelPoint(combatArea).x} cy={labelPoint(combatArea).y + 2} r={30} className="combat-ring" pointerEvents="none" />
        )}
        <HitTargets ctl={ctl} k={k} px={px} />
      </svg>
      <MapControls zoomAt={zoomAt} openView={openView} home={home} />
      <Legend scenario={inPlay !== null} />
      {facts.card}
    </div>
  );
});
