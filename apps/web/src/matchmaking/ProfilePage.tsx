/** A player's page: ratings, games by game and side, wins and losses, reliability, recent matches (to their replays); block or unblock. */
import { useEffect, useState } from 'react';
import { ApiError } from '../api';
import { useI18n } from '../i18n';
import { useGames } from '../lobby/GameChoice';
import { TopBar } from '../ui/Chrome';
import { mmApi, type Profile } from './api';
import { link, RatingCells, RatingHeads, SignInNotice, sideName, WinLoss } from './shared';

export function ProfilePage({ accountId, navigate }: { accountId: string; navigate: (to: string) => void }) {
  const { t, lang } = useI18n();
  const games = useGames();
  const gameName = (id: string) => games?.find((g) => g.id === id)?.name[lang] ?? id;
  const [p, setP] = useState<Profile | null>(null);
  const [failed, setFailed] = useState(false);
  /** Whether I blocked this player; null: not signed in (or not known yet). */
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [signedOut, setSignedOut] = useState(false);
  useEffect(() => {
    mmApi.profile(accountId).then(setP, () => setFailed(true));
    mmApi.blocks().then(
      (list) => setBlocked(list.some((b) => b.accountId === accountId)),
      (e) => e instanceof ApiError && e.status === 401 && setSignedOut(true),
    );
  }, [accountId]);
  const toggleBlock = async () => {
    await (blocked ? mmApi.unblock(accountId) : mmApi.block(accountId)).catch(() => {});
    setBlocked(!blocked);
  };
  /** "The Battle of Norway · Advanced game · Germany" (a game with one rating: its name alone). */
  const ratingName = (game: string, variant: string, side: string) =>
    [gameName(game), variant === '-' ? '' : t(`home.ruleset.${variant}`), sideName(t, side)].filter(Boolean).join(' · ');
  const date = (ms: number) => new Date(ms).toLocaleDateString(lang === 'no' ? 'nb-NO' : 'en-GB');
  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow mm-page">
        <section className="panel" data-testid="profile">
          <h1>
            {t('pf.title')}: {p?.name ?? accountId}
          </h1>
          {failed && <p className="error">{t('error.generic')}</p>}
          {blocked !== null && (
            <p>
              {blocked && <span className="muted">{t('pf.blocked')} </span>}
              <button type="button" className="small" onClick={toggleBlock} data-action="block">
                {blocked ? t('pf.unblock') : t('pf.block')}
              </button>
            </p>
          )}
          {signedOut && <SignInNotice text={t('mm.signIn.profile')} navigate={navigate} />}
        </section>
        {p && (
          <>
            <section className="panel">
              <h2>{t('pf.reliability')}</h2>
              <p data-testid="reliability">
                {t('pf.reliability.text', { ...p.reliability, share: Math.round(p.reliability.share * 100) })}
              </p>
            </section>
            <section className="panel">
              <h2>{t('pf.ratings')}</h2>
              {p.ratings.length === 0 ? (
                <p className="muted">{t('pf.none')}</p>
              ) : (
                <table className="mm-table">
                  <thead>
                    <tr>
                      <th>{t('mm.game')}</th>
                      <RatingHeads />
                    </tr>
                  </thead>
                  <tbody>
                    {p.ratings.map((r) => (
                      <tr key={`${r.game}|${r.variant}|${r.side}`}>
                        <td>{ratingName(r.game, r.variant, r.side)}</td>
                        <RatingCells {...r} />
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section className="panel">
              <h2>{t('pf.played')}</h2>
              {p.played.length === 0 ? (
                <p className="muted">{t('pf.none')}</p>
              ) : (
                <ul>
                  {p.played.map((x) => (
                    <li key={`${x.game}|${x.side}`}>
                      {ratingName(x.game, '-', x.side)}: {x.games} · <WinLoss {...x} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section className="panel">
              <h2>{t('pf.recent')}</h2>
              {p.recent.length === 0 ? (
                <p className="muted">{t('pf.none')}</p>
              ) : (
                <ul className="mm-recent">
                  {p.recent.map((r) => (
                    <li key={`${r.matchID}|${r.side}`}>
                      <strong>{t(`pf.outcome.${r.outcome}`)}</strong> · {ratingName(r.game, r.variant, r.side)} · {date(r.finishedAt)}
                      {r.ending !== 'finished' && <span className="muted"> ({t(`pf.ending.${r.ending}`)})</span>}
                      {!r.rated && <span className="muted"> ({t('mm.unrated')})</span>}
                      {r.ratingAfter !== null && <span className="muted"> → {r.ratingAfter.toFixed(1)}</span>}{' '}
                      <a {...link(navigate, `/m/${r.matchID}/replay`)}>{t('pf.replay')}</a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </main>
    </div>
  );
}
