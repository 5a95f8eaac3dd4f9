/** A game's leaderboard; Kampen om Norge's per ruleset family and side (each side is its own game to play). */
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { DEFAULT_GAME, useGames } from '../lobby/GameChoice';
import { TopBar } from '../ui/Chrome';
import { type Leaderboard, mmApi } from './api';
import { KON, link, RatingCells, RatingHeads } from './shared';

const KON_SIDES = ['germany', 'norway', 'allies', 'norway+allies'] as const;

export function LeaderboardPage({ game: asked, navigate }: { game: string | undefined; navigate: (to: string) => void }) {
  const { t, lang } = useI18n();
  const games = useGames();
  const game = asked ?? DEFAULT_GAME;
  const [variant, setVariant] = useState('basic');
  const [side, setSide] = useState<string>('germany');
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setFailed(false);
    mmApi.leaderboard(game, game === KON ? variant : undefined, game === KON ? side : undefined).then(setBoard, () => setFailed(true));
  }, [game, variant, side]);
  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow mm-page">
        <section className="panel">
          <h1>{t('lb.title')}</h1>
          {games && games.length > 1 && (
            <nav className="mm-tabs" aria-label={t('mm.game')}>
              {games.map((g) => (
                <a key={g.id} {...link(navigate, `/leaderboard/${g.id}`)} aria-current={g.id === game ? 'page' : undefined}>
                  {g.name[lang]}
                </a>
              ))}
            </nav>
          )}
          {game === KON && (
            <div className="mm-row">
              <label className="field">
                <span>{t('lb.variant')}</span>
                <select name="variant" value={variant} onChange={(e) => setVariant(e.target.value)}>
                  <option value="basic">{t('home.ruleset.basic')}</option>
                  <option value="advanced">{t('home.ruleset.advanced')}</option>
                </select>
              </label>
              <label className="field">
                <span>{t('lb.side')}</span>
                <select name="side" value={side} onChange={(e) => setSide(e.target.value)}>
                  {KON_SIDES.map((s) => (
                    <option key={s} value={s}>
                      {t(`seat.${s}`)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          {board && <p className="muted">{t('lb.intro', { n: board.minGames })}</p>}
          {failed && <p className="error">{t('error.generic')}</p>}
          {board && board.rows.length === 0 && <p data-testid="lb-empty">{t('lb.empty')}</p>}
          {board && board.rows.length > 0 && (
            <table className="mm-table" data-testid="leaderboard">
              <thead>
                <tr>
                  <th>{t('lb.rank')}</th>
                  <th>{t('lb.player')}</th>
                  <RatingHeads />
                </tr>
              </thead>
              <tbody>
                {board.rows.map((r, i) => (
                  <tr key={r.accountId}>
                    <td>{i + 1}</td>
                    <td>
                      <a {...link(navigate, `/players/${r.accountId}`)}>{r.name ?? r.accountId}</a>
                    </td>
                    <RatingCells {...r} />
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </main>
    </div>
  );
}
