/**
 * Panning and zooming the map: drag with one pointer, pinch with two, the mouse wheel, and the zoom
 * buttons. A drag or pinch swallows the click it ends with (see `suppressClick`). A drag that starts
 * on a stack that may move carries the stack instead (`StackDragHandlers`): one gesture, one move.
 */
import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import type { useAreaFacts } from './AreaFacts';
import { clampVb, FULL, MIN_W, type ViewBox } from './mapRegions';

/** Dragging a stack: where one may start, and what the map does as it goes and where it is let go. */
export interface StackDragHandlers {
  /** The area of a stack that may be dragged from under this event target, or null. */
  sourceAt(target: EventTarget | null): string | null;
  start(from: string): void;
  /** The pointer, in map units, while the stack is carried. */
  over(from: string, at: { x: number; y: number }): void;
  /** Let go at a screen point (the map reads what lies there). */
  drop(from: string, clientX: number, clientY: number): void;
}

export function useMapGestures(
  svgRef: React.RefObject<SVGSVGElement | null>,
  vb: ViewBox,
  setVb: React.Dispatch<React.SetStateAction<ViewBox>>,
  facts: Pick<ReturnType<typeof useAreaFacts>, 'cancelPress' | 'hide'>,
  stackDrag?: StackDragHandlers,
) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const drag = useRef<{ x: number; y: number; vb: typeof FULL; moved: boolean; stack: string | null } | null>(null);
  const pinch = useRef<{ d: number; vb: typeof FULL; mid: { x: number; y: number } } | null>(null);
  const suppressClick = useRef(false);

  const toMap = useCallback(
    (clientX: number, clientY: number) => {
      const svg = svgRef.current;
      const m = svg?.getScreenCTM();
      if (!svg || !m) return { x: 0, y: 0 };
      const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
      return { x: p.x, y: p.y };
    },
    [svgRef],
  );

  const zoomAt = useCallback(
    (factor: number, cx?: number, cy?: number) => {
      setVb((v) => {
        const w = Math.min(FULL.w * 2.2, Math.max(MIN_W, v.w * factor));
        const h = (w / v.w) * v.h;
        const px = cx ?? v.x + v.w / 2;
        const py = cy ?? v.y + v.h / 2;
        return clampVb({ x: px - ((px - v.x) * w) / v.w, y: py - ((py - v.y) * h) / v.h, w, h });
      });
    },
    [setVb],
  );

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
  }, [svgRef, toMap, zoomAt]);

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) {
      drag.current = { x: e.clientX, y: e.clientY, vb, moved: false, stack: stackDrag?.sourceAt(e.target) ?? null };
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
      if (dr.stack) stackDrag?.start(dr.stack);
    }
    dr.moved = true;
    suppressClick.current = true;
    if (dr.stack) return stackDrag?.over(dr.stack, toMap(e.clientX, e.clientY));
    setVb(clampVb({ ...dr.vb, x: dr.vb.x - dx / m.a, y: dr.vb.y - dy / m.d }));
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    facts.cancelPress();
    const dr = drag.current;
    if (dr?.stack && dr.moved && e.type === 'pointerup') stackDrag?.drop(dr.stack, e.clientX, e.clientY);
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) drag.current = null;
  };
  return { suppressClick, zoomAt, onPointerDown, onPointerMove, onPointerUp };
}
