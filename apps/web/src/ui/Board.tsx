/** The map: drawn from the board data, with stacks, pending attacks, and the areas you may pick. */
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Faction, FactionView } from '@kon/game';
import { BOARD, FACTIONS } from '../game/data';
import { BORDERS, attackAnchor, labelPoint, parseViewBox } from '../game/geometry';
import { useI18n } from '../i18n';
import { FACTION_COLOR, TokenShape } from './FactionBadge';
import { ShipMarkers } from './ShipMarkers';
import { FollowArrows, FollowOutlines } from './FollowMarks';
import type { FollowMarks } from '../game/computerTurn';
import { useAreaFacts } from './AreaFacts';
import { Legend } from './Legend';
import { FLAG, PLANE, STAR } from './mapIcons';
import './board-help.css';
import { fitView, labelLayout, hitRadius, useSvgSize, visibleBand } from './mapView';
import { placeBest } from './mapFill';
import { clearTextWidths, placeLabels, textWidth, type LabelIn } from './labelPlace';

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
}

const FULL = parseViewBox(BOARD.viewBox);
/** Font sizes (map units) of the area names (before their zoom factor) and the sea zones' numerals. */
const LABEL_FONT = 10.5;
const SEA_LABEL_FONT = 34;
/** The boxes of the buttons over the map (zoom controls, the legend's toggle), in pixels from the map's top left. */
function useOverlayBoxes(box: React.RefObject<HTMLDivElement | null>, svg: React.RefObject<SVGSVGElement | null>) {
  const [boxes, setBoxes] = useState<{ x0: number; y0: number; x1: number; y1: number }[]>([]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const s = svg.current?.getBoundingClientRect();
      if (!s) return;
      const next = [...el.querySelectorAll('.map-controls, .legend-toggle')].map((c) => {
        const r = c.getBoundingClientRect();
        return { x0: r.left - s.left - 4, y0: r.top - s.top - 4, x1: r.right - s.left + 4, y1: r.bottom - s.top + 4 };
      });
      setBoxes((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    for (const c of el.querySelectorAll('.map-controls, .legend')) ro.observe(c);
    return () => ro.disconnect();
  }, [box, svg]);
  return boxes;
}
/** The map's font family as the page has it (for measuring names). */
function useMapFont(): { family: string; loads: number } {
  const [font, setFont] = useState({ family: 'sans-serif', loads: 0 });
  useEffect(() => {
    let live = true;
    const family = () => getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim() || 'sans-serif';
    setFont((f) => ({ ...f, family: family() }));
    // Measure again once the web font has arrived: the fallback font is narrower or wider.
    document.fonts?.ready.then(() => {
      clearTextWidths();
      if (live) setFont((f) => ({ family: family(), loads: f.loads + 1 }));
    });
    return () => {
      live = false;
    };
  }, []);
  return font;
}
const MIN_W = 160;
/**
 * The box a view must keep in sight to show some areas: their label points, with room for the names
 * beside them and the stacks below. (The coast of a big area may reach beyond it.)
 */
function boxOf(ids: readonly string[]) {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const a of BOARD.areas) {
    if (!ids.includes(a.id)) continue;
    x0 = Math.min(x0, a.label.x);
    y0 = Math.min(y0, a.label.y);
    x1 = Math.max(x1, a.label.x);
    y1 = Math.max(y1, a.label.y);
  }
  return { x: x0 - 48, y: y0 - 50, w: x1 - x0 + 96, h: y1 - y0 + 80 };
}
/** All of Norway: what "whole map" shows. */
const LAND = boxOf(BOARD.areas.map((a) => a.id));
/** The south (Oslo to Trondheim) and the north (Trondheim to Finnmark), for the N and S buttons. */
const TRONDHEIM_Y = BOARD.areas.find((a) => a.id === 'trondheim')?.label.y ?? 0;
const SOUTH = BOARD.areas.filter((a) => a.label.y >= TRONDHEIM_Y - 30).map((a) => a.id);
const NORTH = BOARD.areas.filter((a) => a.label.y <= TRONDHEIM_Y + 30).map((a) => a.id);
/**
 * Views of the south (Oslo to Trondheim), the north (Trondheim to Finnmark), the whole land, or a
 * scenario's region (a list of areas), fitted to a box's aspect.
 */
function regionView(
  region: 'south' | 'north' | 'all' | readonly string[],
  aspect: number,
  inset: { top: number; bottom: number; right?: number } = { top: 0, bottom: 1 },
) {
  const r = typeof region !== 'string' ? boxOf(region) : region === 'south' ? boxOf(SOUTH) : region === 'north' ? boxOf(NORTH) : LAND;
  // Grow the short side so that the region fills the part of the box the player sees (a phone's sheet
  // covers its foot), and slide it so that the board fills the rest.
  const seen = Math.max(0.3, inset.bottom - inset.top);
  const seenW = Math.max(0.5, inset.right ?? 1);
  const w = Math.max((r.h * aspect) / seen, r.w / seenW);
  const h = w / aspect;
  const at = placeBest({ x0: r.x, y0: r.y, x1: r.x + r.w, y1: r.y + r.h }, w, h, inset);
  return { x: at.x, y: at.y, w, h };
}

function Token({
  faction,
  count,
  x,
  y,
  r = 11,
  dim = false,
  letter,
}: {
  faction: Faction;
  count: number;
  x: number;
  y: number;
  r?: number;
  dim?: boolean;
  letter: string;
}) {
  return (
    <g transform={`translate(${x},${y})`} opacity={dim ? 0.55 : 1} className="token">
      <TokenShape faction={faction} r={r} />
      <text className="token-count" y={r * 0.38} fontSize={r * 1.1}>
        {count}
      </text>
      <text className="token-letter" x={r * 0.95} y={-r * 0.75} fontSize={r * 0.62}>
        {letter}
      </text>
    </g>
  );
}

export const Board = memo(function Board({ G, pickable, sources, selected, onPick, pickHint, follow }: BoardProps) {
  const { t } = useI18n();
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  // A scenario on part of the board opens on its region; "whole map" goes back to it.
  const home = G.scenario?.region ?? 'all';
  const inPlay = useMemo(() => (G.scenario?.region ? new Set(G.scenario.region) : null), [G.scenario?.region]);
  const [vb, setVb] = useState(() => regionView(home, 0.7));
  const aspect = useRef(0.7);
  /** The part of the map's height the player sees, as fractions from its top (a phone's sheet covers the foot). */
  const seenPart = () => {
    const el = svgRef.current;
    if (!el) return { top: 0, bottom: 1 };
    const band = visibleBand(el);
    return band.height > 0 && band.width > 0
      ? // On a phone the buttons take a good part of the width: the region stays clear of them.
        { top: band.top / band.height, bottom: band.bottom / band.height, right: band.narrow ? band.right / band.width : 1 }
      : { top: 0, bottom: 1 };
  };
  const openView = (region: Parameters<typeof regionView>[0]) => setVb(regionView(region, aspect.current, seenPart()));
  useEffect(() => {
    const el = svgRef.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    aspect.current = r.width / r.height;
    // The whole land (or the scenario's region): the N and S buttons zoom to either half. Again two
    // frames later, once the phone's sheet has published its height.
    openView(home);
    let raf2 = 0;
    const raf1 = requestAnimationFrame(() => {
      raf2 = requestAnimationFrame(() => openView(home));
    });
    return () => {
      cancelAnimationFrame(raf1);
      cancelAnimationFrame(raf2);
    };
  }, []);
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
  const { placed, seaHidden } = useMemo(() => {
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
    const stacks = BOARD.areas
      .map((a, i) => ({ a, n: counts[i] ?? 0 }))
      .filter(({ a, n }) => n > 0 && !shown.has(a.id))
      .map(({ a, n }) => {
        const b = stackBox(n);
        return { x0: a.label.x + b.x0, y0: a.label.y + b.y0, x1: a.label.x + b.x1, y1: a.label.y + b.y1 };
      });
    const seaBoxes = BOARD.seaZones.map((z) => {
      const w = (z.id.length * 0.45 + 0.3) * SEA_LABEL_FONT;
      return { x0: z.label.x - w / 2, y0: z.label.y - SEA_LABEL_FONT * 0.6, x1: z.label.x + w / 2, y1: z.label.y + SEA_LABEL_FONT * 0.6 };
    });
    // The map's own buttons (zoom, legend) lie over it: no name goes under them.
    const unit = size.w > 0 ? vb.w / size.w : 1;
    const controls = overlays.map((o) => ({
      x0: vb.x + o.x0 * unit,
      y0: vb.y + o.y0 * unit,
      x1: vb.x + o.x1 * unit,
      y1: vb.y + o.y1 * unit,
    }));
    const seaHidden = new Set(
      BOARD.seaZones
        .filter((_z, i) =>
          controls.some((c) => c.x0 < seaBoxes[i]!.x1 && seaBoxes[i]!.x0 < c.x1 && c.y0 < seaBoxes[i]!.y1 && seaBoxes[i]!.y0 < c.y1),
        )
        .map((z) => z.id),
    );
    return {
      placed: placeLabels(input, [...seaBoxes.filter((_, i) => !seaHidden.has(BOARD.seaZones[i]!.id)), ...stacks, ...controls]),
      seaHidden,
    };
  }, [shownKey, stackCounts, labelBoxes, kText, k, selected, pickable, sources, overlays, vb, size.w]);
  const facts = useAreaFacts(boxRef, G, (id) => (pickable?.has(id) || sources?.has(id) ? pickHint?.(id) : undefined));
  // Keep the selected stack and where it may go in sight: pan (and on a phone, zoom) to them, clear
  // of the bottom sheet that covers the lower part of the screen.
  const focusKey = selected ? [selected, ...[...(pickable ?? [])].sort()].join(',') : '';
  useEffect(() => {
    if (!focusKey) return;
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
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ x: number; y: number; vb: typeof FULL; moved: boolean } | null>(null);
  const pinch = useRef<{ d: number; vb: typeof FULL; mid: { x: number; y: number } } | null>(null);
  const suppressClick = useRef(false);

  const toMap = useCallback((clientX: number, clientY: number) => {
    const svg = svgRef.current;
    const m = svg?.getScreenCTM();
    if (!svg || !m) return { x: 0, y: 0 };
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }, []);

  const zoomAt = useCallback((factor: number, cx?: number, cy?: number) => {
    setVb((v) => {
      const w = Math.min(FULL.w * 2.2, Math.max(MIN_W, v.w * factor));
      const h = (w / v.w) * v.h;
      const px = cx ?? v.x + v.w / 2;
      const py = cy ?? v.y + v.h / 2;
      return clampVb({ x: px - ((px - v.x) * w) / v.w, y: py - ((py - v.y) * h) / v.h, w, h });
    });
  }, []);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const p = toMap(e.clientX, e.clientY);
      zoomAt(Math.exp(e.deltaY * 0.0015), p.x, p.y);
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [toMap, zoomAt]);

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) {
      drag.current = { x: e.clientX, y: e.clientY, vb, moved: false };
      suppressClick.current = false;
    } else if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      pinch.current = { d: Math.hypot(a.x - b.x, a.y - b.y), vb, mid: toMap((a.x + b.x) / 2, (a.y + b.y) / 2) };
      drag.current = null;
      suppressClick.current = true;
      facts.cancelPress();
    }
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const svg = svgRef.current;
    const m = svg?.getScreenCTM();
    if (!m) return;
    if (pinch.current && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [{ x: number; y: number }, { x: number; y: number }];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const p = pinch.current;
      const w = Math.min(FULL.w * 2.2, Math.max(MIN_W, (p.vb.w * p.d) / Math.max(d, 1)));
      const h = (w / p.vb.w) * p.vb.h;
      setVb(clampVb({ x: p.mid.x - ((p.mid.x - p.vb.x) * w) / p.vb.w, y: p.mid.y - ((p.mid.y - p.vb.y) * h) / p.vb.h, w, h }));
      return;
    }
    const dr = drag.current;
    if (!dr) return;
    const dx = e.clientX - dr.x;
    const dy = e.clientY - dr.y;
    if (!dr.moved && Math.hypot(dx, dy) < 6) return;
    if (!dr.moved) {
      svg?.setPointerCapture(e.pointerId);
      facts.cancelPress();
      facts.hide();
    }
    dr.moved = true;
    suppressClick.current = true;
    setVb(clampVb({ ...dr.vb, x: dr.vb.x - dx / m.a, y: dr.vb.y - dy / m.d }));
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    facts.cancelPress();
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) drag.current = null;
  };

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
            <text key={z.id} x={z.label.x} y={z.label.y} className={`sea-label ${z.redShadow ? 'red' : ''}`} fontSize={SEA_LABEL_FONT}>
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

function clampVb(v: { x: number; y: number; w: number; h: number }) {
  const margin = 0.4;
  const x = Math.min(FULL.x + FULL.w - v.w * (1 - margin), Math.max(FULL.x - v.w * margin, v.x));
  const y = Math.min(FULL.y + FULL.h - v.h * (1 - margin), Math.max(FULL.y - v.h * margin, v.y));
  return { ...v, x, y };
}
