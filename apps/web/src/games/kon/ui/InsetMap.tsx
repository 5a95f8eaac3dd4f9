/**
 * The "Northern Norway" inset (ui/mapInset.ts says why): a small bordered map in the pane's top-right
 * corner, drawn by the same layers as the main view, with its own view box and names sized for it.
 * The northern places are live here only while it shows.
 */
import type { FactionView } from '@kon/game';
import type { FollowMarks } from '../game/computerTurn';
import { useI18n } from '../../../i18n';
import './map-inset.css';
import { BoardSvg } from './BoardSvg';
import type { PickControl } from './BoardLayers';
import { useBoardLabels } from './mapLabels';
import { INSET_RIGHT, INSET_TOP, inInset, insetView } from './mapInset';

/** Stacks in the inset are drawn at this size (the largest the main view uses), to stay easy to read. */
const K = 1.45;
const NO_OVERLAYS: never[] = [];

export function MapInset({
  size,
  G,
  ctl,
  follow,
}: {
  /** The inset's map in pixels (ui/mapInset.ts insetSize). */
  size: { w: number; h: number };
  G: FactionView;
  ctl: Omit<PickControl, 'own' | 'ids'>;
  follow: FollowMarks | null | undefined;
}) {
  const { t } = useI18n();
  const vb = insetView(size);
  const px = size.w / vb.w;
  const own = inInset;
  const labels = useBoardLabels({
    G,
    vb,
    width: size.w,
    px,
    k: K,
    selected: ctl.selected,
    pickable: ctl.pickable,
    sources: ctl.sources,
    narrow: false,
    own,
    overlays: NO_OVERLAYS,
  });
  return (
    <section className="map-inset" style={{ top: INSET_TOP, right: INSET_RIGHT, width: size.w + 2 }} aria-label={t('map.north')}>
      <div className="map-inset-title" aria-hidden="true">
        {t('map.north')}
      </div>
      <div style={{ width: size.w, height: size.h }}>
        <BoardSvg
          className="board-svg-inset"
          label={t('map.north')}
          vb={vb}
          G={G}
          ctl={{ ...ctl, own, ids: 'inset-' }}
          inPlay={null}
          follow={follow}
          k={K}
          px={px}
          labels={labels}
        />
      </div>
    </section>
  );
}
