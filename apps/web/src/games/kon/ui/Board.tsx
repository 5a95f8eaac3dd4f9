/** The map: drawn from the board data, with stacks, pending attacks, and the areas you may pick. */
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import type { FollowMarks } from '../game/computerTurn';
import { useAreaFacts } from './AreaFacts';
import { Legend } from './Legend';
import './board-help.css';
import { useFocusPan, useSvgSize } from './mapView';
import { useOpeningView } from './mapOpening';
import { useMapGestures } from './mapGestures';
import { useStackDrag, type StackDrag } from './mapDrag';
import { MapControls } from './BoardLayers';
import { useBoardLabels } from './mapLabels';
import { useOverlayBoxes } from './mapMeasure';
import { BoardSvg } from './BoardSvg';
import { MapInset } from './InsetMap';
import { inInset, insetFits, insetSize, mainSeesNorth } from './mapInset';

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
  const size = useSvgSize(svgRef);
  // The whole game on a wide pane: the south large, the north in an inset (ui/mapInset.ts).
  const [insetWanted, setInsetWanted] = useState(true);
  const canInset = home === 'all' && insetFits(size.w, size.h);
  const { vb, setVb, openView } = useOpeningView(svgRef, home, canInset && insetWanted);
  const showInset = canInset && insetWanted && !mainSeesNorth(vb);
  const own = useMemo(() => (showInset ? (id: string) => !inInset(id) : () => true), [showInset]);
  const k = Math.min(1.45, Math.max(1, vb.w / 700));
  /** Screen pixels per map unit (the view box keeps the box's aspect, so one number does). */
  const px = size.w > 0 ? size.w / vb.w : 1;
  const overlays = useOverlayBoxes(boxRef, svgRef, showInset);
  const labels = useBoardLabels({
    G,
    vb,
    width: size.w,
    px,
    k,
    selected,
    pickable,
    sources,
    narrow: size.w > 0 && size.w <= 700,
    own,
    overlays,
  });
  const facts = useAreaFacts(boxRef, G, (id) => (pickable?.has(id) || sources?.has(id) ? pickHint?.(id) : undefined));
  // Keep the selected stack and where it may go in sight: pan (and on a phone, zoom) to them, clear
  // of the bottom sheet that covers the lower part of the screen. (The inset shows its own.)
  const focusKey = selected ? [selected, ...[...(pickable ?? [])].sort()].join(',') : '';
  const { carried, carrying, handlers } = useStackDrag(drag, !!onPick);
  useFocusPan(focusKey, carrying, svgRef, setVb, showInset ? inInset : null);
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
  // The inset's switch: hidden, the whole map opens in one view; shown, the south and the inset.
  const toggleInset = useCallback(() => {
    const next = !showInset;
    setInsetWanted(next);
    openView('all', next);
  }, [showInset, openView]);

  const ctl = { pickable, sources, selected, pickHint, pick, onKey, facts };

  return (
    <div className={canInset ? 'board with-inset' : 'board'} ref={boxRef}>
      <BoardSvg
        svgRef={svgRef}
        className="board-svg"
        label={t('app.title')}
        vb={vb}
        G={G}
        ctl={{ ...ctl, own, ids: '' }}
        inPlay={inPlay}
        follow={follow}
        carried={carried}
        k={k}
        px={px}
        labels={labels}
        gestures={{ onPointerDown, onPointerMove, onPointerUp }}
      />
      {showInset && <MapInset size={insetSize(size.w, size.h)} G={G} ctl={ctl} follow={follow} />}
      <MapControls zoomAt={zoomAt} openView={openView} home={home} inset={canInset ? { shown: showInset, toggle: toggleInset } : null} />
      <Legend scenario={inPlay !== null} />
      {facts.card}
    </div>
  );
});
