/**
 * The match page (players and spectators): the connection to the match, the waiting room and the game.
 * Loaded on demand: the home, invite and join pages need neither boardgame.io's client nor the game.
 */
import '../../game/zod-jitless';
import { useEffect, useMemo, useState } from 'react';
import { api, ApiError, forgetMember, remember, remembered, saveName, type MatchInfo } from '../../api';
import { useMatchConnection } from './game/connection';
import { useI18n } from '../../i18n';
import { RulesetTag, SeatBadges, TopBar } from '../../ui/Chrome';
import { MatchStatus } from './ui/MatchStatus';
import { GameView } from './ui/GameView';
import { MemberMenu } from './ui/MemberMenu';
import { useBoardAt } from '../../replay/useBoardAt';
import { AfterGame } from '../../replay/AfterGame';
import { followRematch, useRematchFollow } from '../../replay/rematch';
import { SeatSharing } from './ui/SeatSharing';
import { AutopassSwitch } from './ui/AutopassSwitch';
import { SignalSettings } from './ui/SignalSettings';
import { ComputerSeatControls, computerMarks } from '../../ui/ComputerSeats';
import { NotificationButton } from '../../ui/NotificationSettings';
import { ClockBadge, ClockTag } from './ui/Clocks';
import { awayText } from './ui/Presence';

export function MatchPage({ matchID, spectator, navigate }: { matchID: string; spectator: boolean; navigate: (to: string) => void }) {
  const { t } = useI18n();
  const [mem] = useState(() => {
    if (spectator) {
      const fromHash = decodeURIComponent(window.location.hash.replace(/^#/, ''));
      if (fromHash) {
        remember(matchID, { spectatorToken: fromHash });
        window.history.replaceState(null, '', window.location.pathname);
      }
    }
    return remembered(matchID);
  });
  const [member, setMember] = useState(() => (spectator ? undefined : mem?.member));
  const token = spectator ? mem?.spectatorToken : member?.credentials;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the seats, so a rename (a new member object) keeps the same list
  const playerIDs = useMemo(() => (member ? member.playerIDs : null), [member?.playerIDs.join(',')]);
  const conn = useMatchConnection(matchID, playerIDs, token);
  const [fetched, setFetched] = useState<MatchInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Read once; from then on the server pushes every change of the lobby (joins, names, presence) over the socket.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per match and token; a rename or a language change must not read it again
  useEffect(() => {
    if (!token) return;
    let stop = false;
    api
      .get(matchID, token)
      .then((i) => {
        if (stop) return;
        setFetched(i);
        setError(null);
      })
      .catch((e) => {
        if (stop) return;
        if (e instanceof ApiError && e.status === 404 && member) {
          // Removed by the seat's holder, or left on another device: this browser no longer holds the seat.
          forgetMember(matchID);
          setError(t('error.removed'));
        } else setError(e instanceof ApiError && e.status === 404 ? t('error.notFound') : null);
      });
    return () => {
      stop = true;
    };
  }, [matchID, token]);
  const info = conn.lobby ?? fetched;
  const setInfo = setFetched;
  // A seat the computer holds is taken.
  const allSeated = !!info && info.seats.every((s) => s.members.length > 0 || !!info.bots?.[s.seat]);
  const history = useBoardAt(matchID, token);
  // A rematch started by anyone takes this member's page into it (the pushed lobby view names it).
  useRematchFollow(info, member, navigate);

  const G = conn.seats.find((s) => s.G)?.G;
  // The name the server holds (another device of ours may have changed it), else the one we joined with.
  const myName = (member && info?.seats.flatMap((s) => s.members).find((m) => m.id === member.memberId)?.name) ?? member?.name ?? '';
  const you =
    member && token ? (
      <MemberMenu
        matchID={matchID}
        credentials={token}
        name={myName}
        onRenamed={(name, next) => {
          const updated = { ...member, name };
          remember(matchID, { member: updated });
          saveName(name);
          setMember(updated);
          setInfo(next);
        }}
        onLeft={() => navigate('/')}
        extra={
          <>
            {!spectator && conn.autopassAvailable && (
              <AutopassSwitch matchID={matchID} credentials={token} on={conn.autopass} onChanged={conn.autopassSet} />
            )}
            <SeatSharing matchID={matchID} credentials={token} info={info} />
          </>
        }
      />
    ) : undefined;
  const notify = member && token ? <NotificationButton matchID={matchID} credentials={token} /> : undefined;
  const status = conn.connected ? 'online' : conn.synced ? 'offline' : 'connecting';

  return (
    <div className="page game-page">
      <TopBar
        navigate={navigate}
        you={
          notify ? (
            <>
              {notify}
              {you}
            </>
          ) : (
            you
          )
        }
      >
        {info && !allSeated ? (
          // The game has not begun (or waits for a seat to be taken again): no round or turn to speak of.
          <span className="match-status" data-testid="match-status">
            {t('status.waiting')}
          </span>
        ) : (
          G && <MatchStatus G={G} />
        )}
        {G && !G.result && <ClockBadge clock={conn.clock} />}
        {spectator && <span className="tag spectator-tag">{t('spectator.badge')}</span>}
        {member && !spectator && <SignalSettings />}
        <span className={`conn conn-${status}`} role="status" data-testid="conn" data-status={status}>
          <span className="conn-dot" aria-hidden />
          {t(`conn.${status}`)}
        </span>
      </TopBar>
      {!token ? (
        <main className="narrow">
          <p className="panel error">{t('error.noAccess')}</p>
        </main>
      ) : error ? (
        <main className="narrow">
          <p className="panel error">{error}</p>
        </main>
      ) : info && !allSeated ? (
        <WaitingRoom
          info={info}
          matchID={matchID}
          navigate={navigate}
          hasLinks={!!mem?.links}
          myId={member?.memberId}
          controls={member && token ? <ComputerSeatControls matchID={matchID} info={info} credentials={token} onInfo={setInfo} /> : null}
        />
      ) : (
        <GameView
          conn={info === conn.lobby ? conn : { ...conn, lobby: info }}
          spectator={spectator}
          history={history}
          afterGame={
            <AfterGame
              matchID={matchID}
              token={token}
              canRematch={!!member}
              existing={info?.rematch ?? null}
              onRematch={(id) => member && followRematch(id, member, navigate)}
              navigate={navigate}
            />
          }
          computer={computerMarks(info, conn.thinking)}
          seatControls={
            info && member && token ? <ComputerSeatControls matchID={matchID} info={info} credentials={token} onInfo={setInfo} /> : null
          }
        />
      )}
    </div>
  );
}

function WaitingRoom({
  info,
  matchID,
  navigate,
  hasLinks,
  myId,
  controls,
}: {
  info: MatchInfo;
  matchID: string;
  navigate: (to: string) => void;
  hasLinks: boolean;
  myId?: string;
  /** Let the computer fill a seat nobody has joined (ComputerSeats.tsx). */
  controls?: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <main className="narrow">
      <section className="panel waiting" data-testid="waiting-room">
        <h1>{t('wait.title')}</h1>
        <RulesetTag ruleset={info.setupData?.ruleset} scenario={info.setupData?.scenario} />
        <ClockTag clock={info.clock} />
        <p>{t('wait.intro')}</p>
        <ul className="seat-list">
          {info.seats.map((s) => (
            <li key={s.seat} data-seat={s.seat}>
              <SeatBadges seat={s.seat} />
              {s.members.length === 0 ? (
                <span className="muted">{t('wait.empty')}</span>
              ) : (
                <span className="members">
                  {s.members.map((m) => (
                    <span key={m.id} className={`member ${m.connected ? 'online' : 'offline'}`} data-member={m.id}>
                      <span className="conn-dot" aria-hidden /> {m.name} {m.id === myId && <em className="you-tag">{t('wait.you')}</em>}{' '}
                      <span className="muted small">({m.connected ? t('wait.online') : awayText(t, m.awaySince, Date.now())})</span>
                    </span>
                  ))}
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className="muted small">{t('wait.spectators', { n: info.spectatorsConnected })}</p>
        {controls}
        {hasLinks && (
          <button type="button" onClick={() => navigate(`/m/${matchID}/invite`)}>
            {t('wait.invite')}
          </button>
        )}
      </section>
    </main>
  );
}
