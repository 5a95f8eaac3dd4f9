/**
 * Ship stacks on the map: one hull per owner in each sea zone with how many ships lie there. The
 * names are in the fleet panel (your own ships and face-up ones only); the map shows counts, and
 * marks a stack that has ships face up.
 */
import { FACTIONS, type FactionView } from '@kon/game';
import { BOARD } from '../game/data';
import { shipStacks } from '../game/ships';
import { useI18n } from '../../../i18n';
import { FACTION_COLOR } from '../../../ui/FactionBadge';

const HULL = 'M-15,-5 H15 L10,6 H-10 Z';

/** `own`: the zones this SVG holds live (the main view or the Northern Norway inset). */
export function ShipMarkers({ G, k, own }: { G: FactionView; k: number; own: (id: string) => boolean }) {
  const { t } = useI18n();
  const stacks = shipStacks(G);
  return (
    <g className="ship-markers" pointerEvents="none">
      {BOARD.seaZones.map((z) => {
        if (!own(z.id)) return null;
        const here = FACTIONS.map((f) => stacks.find((s) => s.at === z.id && s.owner === f)).filter((s) => !!s);
        if (here.length === 0) return null;
        const gap = 36 * k;
        const x0 = z.label.x - ((here.length - 1) * gap) / 2;
        return (
          <g key={z.id} data-ships-at={z.id}>
            {here.map((s, i) => {
              const n = s.known.length + s.hidden;
              const open = s.known.some((x) => x.faceUp);
              return (
                <g
                  key={s.owner}
                  transform={`translate(${x0 + i * gap},${z.label.y + 30 * k}) scale(${k})`}
                  data-ship-stack={s.owner}
                  data-count={n}
                >
                  <title>{`${t(`faction.${s.owner}`)}: ${n}`}</title>
                  <path d={HULL} fill={FACTION_COLOR[s.owner]} stroke={open ? '#ffd77a' : '#fff'} strokeWidth={open ? 2.4 : 1.4} />
                  <text className="ship-count" y={3.5} fontSize={10}>
                    {n}
                  </text>
                </g>
              );
            })}
          </g>
        );
      })}
    </g>
  );
}
