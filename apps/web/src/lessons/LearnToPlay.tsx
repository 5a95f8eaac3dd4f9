/**
 * "Learn to play" on the home page: each game's lessons (from GET /api/games), with the ones this
 * browser finished marked. Starting one creates the lesson's match (the server brings its seats,
 * set-up and computer players), joins the learner's seat and opens the match, where the step panel
 * follows the match's state.
 */
import { useState } from 'react';
import { ApiError, api, remember, savedName } from '../api';
import { useI18n } from '../i18n';
import { useGames } from '../lobby/GameChoice';
import { finishedLessons } from './progress';

export function LearnToPlay({ navigate }: { navigate: (to: string) => void }) {
  const { t, lang } = useI18n();
  const games = useGames();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = finishedLessons();
  const withLessons = (games ?? []).filter((g) => g.lessons?.length);
  if (withLessons.length === 0) return null;

  const start = async (game: string, lesson: string) => {
    setBusy(lesson);
    setError(null);
    try {
      const created = await api.createLesson(lesson);
      const seat = created.links.seats[0];
      if (!seat) throw new Error('no learner seat');
      const joined = await api.join(created.matchID, seat.token, savedName() || t('lesson.learner'));
      remember(created.matchID, { member: joined, game, lesson, createdAt: Date.now() });
      navigate(`/m/${created.matchID}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error.generic'));
      setBusy(null);
    }
  };

  return (
    <section className="panel learn-to-play" aria-labelledby="learn-to-play" data-testid="learn-to-play">
      <h2 id="learn-to-play">{t('lesson.learn')}</h2>
      <p className="muted">{t('lesson.intro')}</p>
      {withLessons.map((g) => (
        <div key={g.id} className="lesson-game">
          <h3>{g.name[lang]}</h3>
          <ul>
            {g.lessons!.map((l) => (
              <li key={l.id} data-lesson={l.id}>
                <button type="button" disabled={busy !== null} onClick={() => void start(g.id, l.id)}>
                  {busy === l.id ? t('lesson.starting') : t('lesson.start', { title: l.title[lang] })}
                </button>{' '}
                {done.has(l.id) && <span className="lesson-finished">✓ {t('lesson.done')}</span>}
                <small className="muted"> {l.summary[lang]}</small>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
