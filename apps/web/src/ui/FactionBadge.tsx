/**
 * A faction's token shape and badge. Kept apart from the map and the card data so that pages without
 * a game (home, invite, join) can show factions without loading either.
 */
import type { Faction } from '@kon/game';
import { useI18n } from '../i18n';

export const FACTION_COLOR: Record<Faction, string> = { germany: '#4a4f55', norway: '#c8501e', allies: '#1f6fb2' };

/** A faction's token shape: Germany a square, Norway a circle, the Allies a diamond. */
export function TokenShape({ faction, r, stroke = '#fff' }: { faction: Faction; r: number; stroke?: string }) {
  const fill = FACTION_COLOR[faction];
  if (faction === 'germany')
    return <rect x={-r} y={-r} width={2 * r} height={2 * r} rx={r * 0.18} fill={fill} stroke={stroke} strokeWidth={r * 0.16} />;
  if (faction === 'norway') return <circle r={r * 1.08} fill={fill} stroke={stroke} strokeWidth={r * 0.16} />;
  const d = r * 1.3;
  return <path d={`M0,${-d}L${d},0L0,${d}L${-d},0Z`} fill={fill} stroke={stroke} strokeWidth={r * 0.16} />;
}

export function FactionBadge({ faction, label }: { faction: Faction; label?: string }) {
  const { t } = useI18n();
  return (
    <span className={`faction-badge f-${faction}`}>
      <svg viewBox="-14 -14 28 28" width="16" height="16" aria-hidden>
        <TokenShape faction={faction} r={9} />
      </svg>
      {label ?? t(`faction.${faction}`)}
    </span>
  );
}
