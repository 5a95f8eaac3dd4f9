/** The map: drawn from the board data, with stacks, pending attacks, and the areas you may pick. */
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { Faction, FactionView } from '@kon/game';
import { BOARD, FACTIONS } from '../game/data';
import { BORDERS, attackAnchor, labelPoint } from '../game/geometry';
import { useI18n } from '../../../i18n';
import { FACTION_COLOR } from '../../../ui/FactionBadge';
import { ShipMarkers } from './ShipMarkers';
import { FollowArrows, FollowOutlines } from './FollowMarks';
import type { FollowMarks } from '../game/computerTurn';
import { useAreaFacts } from './AreaFacts';
import { Legend } from './Legend';
import { FLAG, PLANE, STAR } from './mapIcons';
import './board-help.css';
import { fitView, labelLayout, hitRadius, SEA_LABEL_FONT, seaLabelAt, seaLabelWidth, useSvgSize, visibleBand } from './mapView';
import { FULL } from './mapRegions';
import { useOpeningView } from './mapOpening';
import { useMapFont, useOverlayBoxes } from './mapMeasure';
import { useMapGestures } from './mapGestures';
import { useStackDrag, type StackDrag } from './mapDrag';
import { Token } from './MapToken';
import { placeLabels, textWidth, type LabelIn, type Rect } from './labelPlace';

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

/** Font size (map units) of the area names (before their zoom factor). */
const LABEL_FONT = 10.5;

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
  const labels = labelLayout(Math.min(1.25, k), px, size.w > 0 && size.w <= 700);
  const kText = labels.scale;
  const font = useMapFont();
  /** Each name's box around its centre (before scaling by kText): the text, the star left, icons right. */
  const labelBoxes = useMemo(
    () =>
      new Map(
        BOARD.areas.map((a) => {
          const text = textWidth(a.name, LABEL_FONT, font.family) * 1.06;
          const right = text / 2 + 1 + (a.airfield ? 11 : 0) + (a.mobilizationPoint ? 8 : 0);
          return [a.id, { text, left: -text / 2 - 1 - (a.victoryCity ? 14 : 0), right, top: -7.8, bottom: 8.4 }] as const;
        }),
      ),
    [font],
  );
  const overlays = useOverlayBoxes(boxRef, svgRef);
  const stackCounts = BOARD.areas.map((a) => FACTIONS.filter((f) => (G.units[a.id]?.[f] ?? 0) > 0).length).join(',');
  const shownKey = BOARD.areas
    .filter((a) => labels.all || a.victoryCity || a.id === selected || pickable?.has(a.id) || sources?.has(a.id))
    .map((a) => a.id)
    .join(',');
  const { placed, seaHidden, seaAt } = useMemo(() => {
    const shown = new Set(shownKey.split(','));
    const counts = stackCounts.split(',').map(Number);
    const r = 11 * k;
    const gap = 25 * k;
    const stackBox = (n: number) => {
      const half = ((n - 1) * gap) / 2;
      return { x0: -half - 1.05 * r, y0: 5 * k - 1.5 * r, x1: half + 1.65 * r, y1: 5 * k + 1.05 * r };
    };
    const input: LabelIn[] = BOARD.areas
      .map((a, i) => ({ a, n: counts[i] ?? 0 }))
      .filter(({ a }) => shown.has(a.id))
      .map(({ a, n }) => {
        const b = labelBoxes.get(a.id)!;
        return {
          id: a.id,
          x: a.label.x,
          y: a.label.y,
          w: (b.right - b.left) * kText,
          h: (b.bottom - b.top) * kText,
          rank:
            (a.id === selected ? 8 : 0) + (pickable?.has(a.id) || sources?.has(a.id) ? 4 : 0) + (a.victoryCity ? 2 : 0) + (n > 0 ? 1 : 0),
          stack: n > 0 ? stackBox(n) : null,
        };
      });
    // Every stack stays clear, also those whose area's name is not drawn now.
    const allStacks = BOARD.areas
      .map((a, i) => ({ a, n: counts[i] ?? 0 }))
      .filter(({ n }) => n > 0)
      .map(({ a, n }) => {
        const b = stackBox(n);
        return { id: a.id, x0: a.label.x + b.x0, y0: a.label.y + b.y0, x1: a.label.x + b.x1, y1: a.label.y + b.y1 };
      });
    const stacks = allStacks.filter((r) => !shown.has(r.id));
    // A numeral the pane's edge would cut is drawn whole, just inside the edge (the zones are wide there).
    const seaAt = new Map(BOARD.seaZones.map((z) => [z.id, seaLabelAt(z.id, z.label, vb)]));
    const seaBoxes = BOARD.seaZones.map((z) => {
      const w = seaLabelWidth(z.id);
      const at = seaAt.get(z.id)!;
      return { x0: at.x - w / 2, y0: at.y - SEA_LABEL_FONT * 0.6, x1: at.x + w / 2, y1: at.y + SEA_LABEL_FONT * 0.6 };
    });
    // The map's own buttons (zoom, legend) lie over it: no name goes under them.
    const unit = size.w > 0 ? vb.w / size.w : 1;
    const controls = overlays.map((o) => ({
      x0: vb.x + o.x0 * unit,
      y0: vb.y + o.y0 * unit,
      x1: vb.x + o.x1 * unit,
      y1: vb.y + o.y1 * unit,
    }));
    // A numeral under the map's buttons, or moved in from the edge onto a stack, is left out.
    const meets = (c: Rect, d: Rect) => c.x0 < d.x1 && d.x0 < c.x1 && c.y0 < d.y1 && d.y0 < c.y1;
    const seaHidden = new Set(
      BOARD.seaZones
        .filter(
          (z, i) =>
            controls.some((c) => meets(c, seaBoxes[i]!)) || (seaAt.get(z.id) !== z.label && allStacks.some((c) => meets(c, seaBoxes[i]!))),
        )
        .map((z) => z.id),
    );
    return {
      placed: placeLabels(input, [...seaBoxes.filter((_, i) => !seaHidden.has(BOARD.seaZones[i]!.id)), ...stacks, ...controls], {
        x0: vb.x,
        y0: vb.y,
        x1: vb.x + vb.w,
        y1: vb.y + vb.h,
      }),
      seaHidden,
      seaAt,
    };
  }, [shownKey, stackCounts, labelBoxes, kText, k, selected, pickable, sources, overlays, vb, size.w]);
  const facts = useAreaFacts(boxRef, G, (id) => (pickable?.has(id) || sources?.has(id) ? pickHint?.(id) : undefined));
  // Keep the selected stack and where it may go in sight: pan (and on a phone, zoom) to them, clear
  // of the bottom sheet that covers the lower part of the screen.
  const focusKey = selected ? [selected, ...[...(pickable ?? [])].sort()].join(',') : '';
  const { carried, carrying, handlers } = useStackDrag(drag, !!onPick);
  useEffect(() => {
    // While a stack is carried the map holds still under the pointer.
    if (!focusKey || carrying.current) return;
    let raf2 = 0;
    // Two frames: the sheet's new height is published (ResizeObserver) after the first one.
    const raf1 = requestAnimationFrame(() => {
      raf2 = requestAnimationFrame(() => {
        const svg = svgRef.current;
        if (!svg) return;
        const band = visibleBand(svg);
        setVb((v) => fitView(v, focusKey.split(','), band) ?? v);
      });
    });
    return () => {
      cancelAnimationFrame(raf1);
      cancelAnimationFrame(raf2);
    };
  }, [focusKey]);
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

  const letters = useMemo(() => Object.fromEntries(FACTIONS.map((f) => [f, t(`letter.${f}`)])) as Record<Faction, string>, [t]);
  const combatArea = G.combat?.area;
  const attackTargets = new Set(G.attacks.map((a) => a.target));

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
        {BOARD.seaZones.map((z) => {
          const isPick = pickable?.has(z.id);
          const hint = isPick ? pickHint?.(z.id) : undefined;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a map shape repeats a choice the action panel offers as a button, the keyboard's way
            <path
              key={z.id}
              d={z.shape}
              className={`sea ${z.redShadow ? 'sea-red' : ''} ${isPick ? 'pickable' : ''} ${selected === z.id ? 'selected' : ''}`}
              fill={z.redShadow ? 'url(#hatch-red)' : '#d6e5ee'}
              data-zone={z.id}
              onClick={() => pick(z.id)}
              {...facts.bind(z.id)}
              {...(isPick ? { tabIndex: 0, role: 'button', 'aria-label': hint ?? z.id, onKeyDown: onKey(z.id) } : {})}
            ></path>
          );
        })}
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
        {BOARD.areas.map((a) => {
          const isPick = pickable?.has(a.id);
          const isSource = sources?.has(a.id);
          const cls = [
            'area',
            isPick ? 'pickable' : '',
            isSource ? 'source' : '',
            selected === a.id ? 'selected' : '',
            combatArea === a.id ? 'in-combat' : '',
            attackTargets.has(a.id) ? 'attacked' : '',
            inPlay && !inPlay.has(a.id) ? 'out-of-play' : '',
          ].join(' ');
          const out = inPlay !== null && !inPlay.has(a.id);
          const hint = isPick || isSource ? pickHint?.(a.id) : undefined;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a map shape repeats a choice the action panel offers as a button, the keyboard's way
            <path
              key={a.id}
              d={a.shape}
              className={cls}
              data-area={a.id}
              onClick={() => pick(a.id)}
              {...facts.bind(a.id)}
              {...(isPick || isSource
                ? { tabIndex: 0, role: 'button', 'aria-label': hint ? `${a.name}: ${hint}` : a.name, onKeyDown: onKey(a.id) }
                : {})}
            >
              {/* The facts card (hover, long press, focus) names the area and what a click does there. */}
              {out && <title>{`${a.name} – ${t('map.outOfPlay')}`}</title>}
            </path>
          );
        })}
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
        {BOARD.areas
          .filter((a) => placed.has(a.id))
          .map((a) => {
            const p = placed.get(a.id)!;
            const b = labelBoxes.get(a.id)!;
            return (
              <g
                key={a.id}
                className="area-label"
                data-label={a.id}
                transform={`translate(${a.label.x + p.dx - ((b.left + b.right) / 2) * kText},${a.label.y + p.dy - ((b.top + b.bottom) / 2) * kText}) scale(${kText})`}
                pointerEvents="none"
              >
                <text y={3.6} className="area-name" fontSize={LABEL_FONT}>
                  {a.name}
                </text>
                {a.victoryCity && <path d={STAR} transform={`translate(${-b.text / 2 - 7.5},0) scale(6.2)`} className="icon-star" />}
                {a.airfield && <path d={PLANE} transform={`translate(${b.text / 2 + 6},0) scale(5.2)`} className="icon-plane" />}
                {a.mobilizationPoint && (
                  <path d={FLAG} transform={`translate(${b.text / 2 + (a.airfield ? 17 : 6)},0) scale(4.6)`} className="icon-flag" />
                )}
              </g>
            );
          })}
        {BOARD.areas.map((a) => {
          const here = FACTIONS.filter((f) => (G.units[a.id]?.[f] ?? 0) > 0);
          if (here.length === 0) return null;
          const gap = 25 * k;
          const x0 = a.label.x - ((here.length - 1) * gap) / 2;
          return (
            <g key={a.id} pointerEvents="none" data-stack={a.id}>
              {here.map((f, i) => {
                const n = G.units[a.id]?.[f] ?? 0;
                const moved = G.moved[a.id]?.[f] ?? 0;
                return (
                  <Token
                    key={f}
                    faction={f}
                    count={n}
                    x={x0 + i * gap}
                    y={a.label.y + 5 * k}
                    r={11 * k}
                    dim={moved >= n && G.turn === f && G.phase === 'movement'}
                    letter={letters[f]}
                  />
                );
              })}
            </g>
          );
        })}
        {G.attacks.map((atk) => {
          const { at, angle } = attackAnchor(atk.from, atk.target, atk.route);
          return (
            <g key={atk.id} className="attack" transform={`translate(${at.x},${at.y})`} pointerEvents="none" data-attack={atk.id}>
              <g transform={`rotate(${angle}) scale(${k})`}>
                <path d="M4,-9 L20,0 L4,9 Z" className="attack-arrow" fill={FACTION_COLOR[atk.faction]} />
              </g>
              <Token faction={atk.faction} count={atk.count} x={0} y={0} r={10 * k} letter={letters[atk.faction]} />
              {atk.route !== 'land' && (
                <text className="attack-route" y={22} fontSize={8.5}>
                  {atk.route === 'fjord' ? '≈' : atk.route === 'air' ? '✈︎' : '⚓︎'}
                </text>
              )}
            </g>
          );
        })}
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
        {/* Tap targets of at least 40 px around each stack or destination that can be picked now. */}
        {BOARD.areas
          .filter((a) => pickable?.has(a.id) || sources?.has(a.id))
          .map((a) => (
            // biome-ignore lint/a11y/noStaticElementInteractions: a map shape repeats a choice the action panel offers as a button, the keyboard's way
            <circle
              key={a.id}
              className="hit"
              cx={a.label.x}
              cy={a.label.y + 5 * k}
              r={hitRadius(11 * k, px)}
              data-hit={a.id}
              onClick={() => pick(a.id)}
              {...facts.bind(a.id)}
            />
          ))}
      </svg>
      <div className="map-controls">
        <button type="button" onClick={() => zoomAt(1 / 1.4)} aria-label={t('map.zoomIn')} title={t('map.zoomIn')}>
          +
        </button>
        <button type="button" onClick={() => zoomAt(1.4)} aria-label={t('map.zoomOut')} title={t('map.zoomOut')}>
          −
        </button>
        <button type="button" onClick={() => openView(home)} aria-label={t('map.reset')} title={t('map.reset')}>
          ⤢
        </button>
        <button type="button" className="region" onClick={() => openView('north')} title={t('map.north')}>
          {t('map.northShort')}
        </button>
        <button type="button" className="region" onClick={() => openView('south')} title={t('map.south')}>
          {t('map.southShort')}
        </button>
      </div>
      <Legend scenario={inPlay !== null} />
      {facts.card}
    </div>
  );
});
