/**
 * "My matches" on the home page: every match this browser holds a seat in (localStorage `kon.matches`),
 * with its seat, whose move it is and whether it is over, asked from the server in one request with
 * each member's own credentials. Matches the server no longer opens for us (left, removed) are marked.
 */
import { useEffect, useState } from 'react';
import { api, rememberedMatches, type ClockView, type MatchStatus, type Remembered } from '../api';
import { formatClock } from '../game/clockText';
import { FactionBadge } from './FactionBadge';
import { useI18n } from '../i18n';
import { SeatBadges } from './Chrome';
import { LinkDevices } from '../devices/LinkDevices';
import { MATCHES_ARRIVED } from '../account/session';

const FACTION_OF_PLAYER: Record<string, string> = { '0': 'germany', '1': 'norway', '2': 'allies' };
const MAX = 50;

/** A clock as the server's clock service shows it (not just the settings of a match without one running). */
function isClockView(clock: unknown): clock is ClockView {
  return !!clock && typeof clock === 'object' && 'remainingMs' in clock && 'running' in clock;
}

/**
 * The side on the move and its time left, as of the last summary (read again every minute). Not the
 * match page's ticking badge: that one brings the game's data, which the home page must not load.
 */
function ClockLeft({ clock }: { clock: ClockView }) {
  const { lang } = useI18n();
  const f = clock.running;
  const left = f ? clock.remainingMs[f] : undefined;
  if (!f || left === undefined) return null;
  return (
    <span className={`clock-badge ${left < 60_000 ? 'low' : ''}`} data-testid="my-clock-left">
      <FactionBadge faction={f} label={formatClock(left, lang)} />
    </span>
  );
}

type MyMatch = Remembered & { member: NonNullable<Remembered['member']> };
/** The matches this browser holds a seat in, newest first, at most MAX. */
const read = (): MyMatch[] =>
  rememberedMatches()
    .filter((r): r is MyMatch => !!r.member)
    .slice(0, MAX);

export function MyMatches({ navigate }: { navigate: (to: string) => void }) {
  const { t } = useI18n();
  // Read again when the player's other devices bring matches (devices/LinkDevices.tsx).
  const [mine, setMine] = useState<MyMatch[]>(read);
  const [status, setStatus] = useState<Map<string, MatchStatus> | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (mine.length === 0) return;
    let stop = false;
    const load = () =>
      api
        .myMatches(mine.map((r) => ({ matchID: r.matchID, credentials: r.member.credentials })))
        .then((list) => {
          if (stop) return;
          setStatus(new Map(list.map((s) => [s.matchID, s])));
          setFailed(false);
        })
        .catch(() => !stop && setFailed(true));
    void load();
    // A home page left open keeps up (whose move changes while one waits); the tab coming back refreshes at once.
    const timer = setInterval(load, 60_000);
    const onVisible = () => document.visibilityState === 'visible' && void load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [mine]);

  // The account's matches from its other devices arrived (account/session.ts): read the list again.
  useEffect(() => {
    const again = () => setMine(read());
    window.addEventListener(MATCHES_ARRIVED, again);
    return () => window.removeEventListener(MATCHES_ARRIVED, again);
  }, []);

  // The installed app starts at /#my-matches (manifest.webmanifest): bring the list into view once it is drawn.
  const drawn = mine.length > 0;
  useEffect(() => {
    if (drawn && window.location.hash === '#my-matches') document.getElementById('my-matches')?.scrollIntoView();
  }, [drawn]);

  const devices = <LinkDevices onChanged={() => setMine(read())} />;
  if (mine.length === 0) return devices;
  const showClock = !!status && [...status.values()].some((s) => s.found && isClockView(s.clock));

  return (
    <>
      <section className="panel my-matches" id="my-matches" data-testid="my-matches">
        <h2>{t('home.yourMatches')}</h2>
        {failed && <p className="muted small">{t('my.failed')}</p>}
        <table className="my-table">
          <thead>
            <tr>
              <th>{t('my.seat')}</th>
              <th>{t('my.state')}</th>
              {showClock && <th>{t('my.clock')}</th>}
              <th>
                <span className="sr-only">{t('home.open')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {mine.map((r) => {
              const s = status?.get(r.matchID);
              let text = status ? '' : t('loading');
              let cls = '';
              if (s && !s.found) {
                text = t('my.gone');
                cls = 'gone';
              } else if (s?.found && s.finished) {
                text = s.winner ? t('my.finished', { w: t(`result.${s.winner}`) }) : t('my.over');
                cls = 'over';
              } else if (s?.found && s.yourMove) {
                text = t('my.yourMove');
                cls = 'your-move';
              } else if (s?.found) {
                const f = [...new Set(s.toMove.map((p) => FACTION_OF_PLAYER[p]))].map((f) => t(`faction.${f}`)).join(', ');
                text = t('my.waiting', { f });
              }
              return (
                <tr key={r.matchID} className={cls} data-match={r.matchID} data-your-move={s?.found && s.yourMove ? 'true' : 'false'}>
                  <td>
                    <SeatBadges seat={r.member.seat} />
                    <span className="muted small"> {new Date(r.createdAt).toLocaleDateString()}</span>
                  </td>
                  <td>
                    {text}
                    {s?.found && s.round !== null && !s.finished && (
                      <span className="muted small"> · {t('status.round', { n: s.round })}</span>
                    )}
                  </td>
                  {showClock && (
                    <td data-testid="my-clock">{s?.found && !s.finished && isClockView(s.clock) && <ClockLeft clock={s.clock} />}</td>
                  )}
                  <td>
                    <a
                      href={`/m/${r.matchID}`}
                      onClick={(e) => {
                        e.preventDefault();
                        navigate(`/m/${r.matchID}`);
                      }}
                    >
                      {t('home.open')}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      {devices}
    </>
  );
}
