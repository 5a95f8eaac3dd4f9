/** What the map measures on the page: the buttons lying over it, and the font its names are drawn in. */
import { useEffect, useState } from 'react';
import { clearTextWidths } from './labelPlace';

/** The boxes of the buttons over the map (zoom controls, the legend's toggle), in pixels from the map's top left. */
export function useOverlayBoxes(
  box: React.RefObject<HTMLDivElement | null>,
  svg: React.RefObject<SVGSVGElement | null>,
  /** Measured again when this changes (the Northern Norway inset comes or goes). */
  again: unknown = null,
) {
  const [boxes, setBoxes] = useState<{ x0: number; y0: number; x1: number; y1: number }[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `again` says when the boxes to measure change
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const s = svg.current?.getBoundingClientRect();
      if (!s) return;
      const next = [...el.querySelectorAll('.map-controls, .legend-toggle, .map-inset')].map((c) => {
        const r = c.getBoundingClientRect();
        return { x0: r.left - s.left - 4, y0: r.top - s.top - 4, x1: r.right - s.left + 4, y1: r.bottom - s.top + 4 };
      });
      setBoxes((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    for (const c of el.querySelectorAll('.map-controls, .legend, .map-inset')) ro.observe(c);
    return () => ro.disconnect();
  }, [box, svg, again]);
  return boxes;
}

/** The map's font family as the page has it (for measuring names). */
export function useMapFont(): { family: string; loads: number } {
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
