/** Presence on the board: each member online or away (for how long), and the banner's note when the side you wait for is gone. */
import { useEffect, useState } from 'react';
import type { Faction } from '@kon/game';
import type { MemberInfo } from '../../../api';
import { useI18n, type T } from '../../../i18n';
import { awayFor, type SidePresence } from '../game/presence';

/** The time now, again every `ms` (for "away 5 min" to grow while nothing else changes). */
export function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

/** "away", or "away 5 min" when the server saw them go. */
export function awayText(t: T, since: number | null | undefined, now: number): string {
  const a = awayFor(since, now);
  return a ? t(`presence.awayFor.${a.unit}`, { n: a.n }) : t('presence.away');
}
function useAwayText() {
  const { t } = useI18n();
  return (since: number | null | undefined, now: number) => awayText(t, since, now);
}

export function MemberPresence({ member, now, sep }: { member: MemberInfo; now: number; sep: boolean }) {
  const { t } = useI18n();
  const away = useAwayText();
  const state = member.connected ? 'online' : 'away';
  return (
    <span className={`presence presence-${state}`} data-member={member.id} data-presence={state}>
      {sep && ', '}
      <span className="conn-dot" aria-hidden /> <span className="presence-name">{member.name}</span>{' '}
      <span className="muted small">({member.connected ? t('presence.online') : away(member.awaySince, now)})</span>
    </span>
  );
}

export function OfflineNote({ faction, presence, now }: { faction: Faction; presence: SidePresence | undefined; now: number }) {
  const { t } = useI18n();
  const away = useAwayText();
  if (!presence || presence.online || presence.members.length === 0) return null;
  return (
    <span className="banner-offline" data-testid="banner-offline">
      {t('presence.sideOffline', { f: t(`faction.${faction}`) })} ({away(presence.awaySince, now)})
    </span>
  );
}
