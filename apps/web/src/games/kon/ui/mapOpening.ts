/**
 * The map's opening view (the whole land or a scenario's region, and the N/S/whole-map buttons), fitted
 * to the part of the pane the player sees. A phone's bottom sheet covers the pane's foot: when it folds,
 * unfolds, comes or goes, or the pane changes size, an opening view nobody has moved since is fitted
 * again, so that the freed part shows the board rather than the blank beyond the drawing.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { regionView } from './mapRegions';
import { insetFits } from './mapInset';
import { visibleBand, type Box } from './mapView';

/** Sent on the window when the phone's bottom sheet changes height, comes or goes (ui/Actions.tsx). */
export const DOCK_EVENT = 'kon:dock';

type Region = Parameters<typeof regionView>[0];

/**
 * With `inset` (a wide pane, the whole game), "the whole map" is the south and centre, clear of the
 * Northern Norway inset in the pane's top-right corner (ui/mapInset.ts).
 */
export function useOpeningView(svgRef: RefObject<SVGSVGElement | null>, home: Region, inset: boolean) {
  const [vb, setVb] = useState<Box>(() => regionView(home, 0.7));
  const withInset = useRef(inset);
  withInset.current = inset;
  const aspect = useRef(0.7);
  /** The last opening view set, and its region: while it is still shown, it follows the pane. */
  const opened = useRef<{ region: Region; v: Box } | null>(null);
  /** The part of the map's height the player sees, as fractions from its top (a phone's sheet covers the foot). */
  const seenPart = useCallback(() => {
    const el = svgRef.current;
    if (!el) return { top: 0, bottom: 1 };
    const band = visibleBand(el);
    return band.height > 0 && band.width > 0
      ? // On a phone the buttons take a good part of the width: the region stays clear of them.
        { top: band.top / band.height, bottom: band.bottom / band.height, right: band.narrow ? band.right / band.width : 1 }
      : { top: 0, bottom: 1 };
  }, [svgRef]);
  const fitted = useCallback(
    (region: Region, inset = withInset.current) => {
      const r = svgRef.current?.getBoundingClientRect();
      if (r && r.width > 0 && r.height > 0) aspect.current = r.width / r.height;
      const v =
        region === 'all' && inset && r && insetFits(r.width, r.height)
          ? regionView('main', aspect.current)
          : regionView(region, aspect.current, seenPart());
      opened.current = { region, v };
      return v;
    },
    [svgRef, seenPart],
  );
  const openView = useCallback((region: Region, inset?: boolean) => setVb(fitted(region, inset)), [fitted]);
  // The whole land (or the scenario's region); again two frames later, once the phone's sheet has
  // published its height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mounting; a later region is opened by its button, never by this effect
  useEffect(() => {
    const r = svgRef.current?.getBoundingClientRect();
    if (!r || r.width <= 0 || r.height <= 0) return;
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
  useEffect(() => {
    let raf = 0;
    const refit = () => {
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(() => {
        const o = opened.current;
        if (!o) return;
        setVb((v) => (v === o.v ? fitted(o.region) : v));
      });
    };
    window.addEventListener(DOCK_EVENT, refit);
    const el = svgRef.current;
    const ro = el && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(refit) : null;
    if (el) ro?.observe(el);
    return () => {
      cancelAnimationFrame(raf);
      window.removeEventListener(DOCK_EVENT, refit);
      ro?.disconnect();
    };
  }, [svgRef, fitted]);
  return { vb, setVb, openView };
}
