/**
 * The site's top bar on a match of a game other than Kampen om Norge, as Kampen om Norge's match page
 * has it: the game's name, whether this page is connected, "spectator" for a watcher, and for a member
 * the notification settings and the "You" menu (rename, seat sharing, leave); the language switch is
 * the bar's own.
 */
import { useState } from 'react';
import { remember, saveName, type Joined, type MatchInfo } from '../api';
import { useI18n } from '../i18n';
import { TopBar } from '../ui/Chrome';
import { NotificationButton } from '../ui/NotificationSettings';
import { MemberMenu } from './kon/ui/MemberMenu';
import { SeatSharing } from './kon/ui/SeatSharing';

export function ModuleTopBar({
  navigate,
  title,
  matchID,
  member,
  token,
  lobby,
  status,
  onInfo,
}: {
  navigate: (to: string) => void;
  title: string | undefined;
  matchID: string;
  /** This browser's seat (undefined: a spectator). */
  member: Joined | undefined;
  token: string | undefined;
  lobby: MatchInfo | null;
  status: 'online' | 'offline' | 'connecting';
  onInfo: (info: MatchInfo) => void;
}) {
  const { t } = useI18n();
  // The name the server holds (another device of ours may have changed it), else the one we joined with.
  const [renamed, setRenamed] = useState<string | null>(null);
  const held = member && lobby?.seats.flatMap((s) => s.members).find((m) => m.id === member.memberId)?.name;
  const you =
    member && token ? (
      <>
        <NotificationButton matchID={matchID} credentials={token} />
        <MemberMenu
          matchID={matchID}
          credentials={token}
          name={held ?? renamed ?? member.name}
          onRenamed={(name, next) => {
            remember(matchID, { member: { ...member, name } });
            saveName(name);
            setRenamed(name);
            onInfo(next);
          }}
          onLeft={() => navigate('/')}
          extra={<SeatSharing matchID={matchID} credentials={token} info={lobby} />}
        />
      </>
    ) : undefined;
  return (
    <TopBar navigate={navigate} title={title} you={you}>
      {!member && <span className="tag spectator-tag">{t('spectator.badge')}</span>}
      <span className={`conn conn-${status}`} role="status" data-testid="conn" data-status={status}>
        <span className="conn-dot" aria-hidden />
        {t(`conn.${status}`)}
      </span>
    </TopBar>
  );
}
