/**
 * "Learn to play": each game's lessons (from GET /api/games), with the ones this browser finished
 * marked, on the home page (every game) and in a game's create form (that game's). Starting one
 * creates the lesson's match (the server brings its seats, set-up and computer players), joins the
 * learner's seat and opens the match, where the step panel follows the match's state.
 */
import { useState } from 'react';
import { api, remember, savedName, type GameInfo } from '../api';
import { useI18n } from '../i18n';
import { useGames } from '../lobby/GameChoice';
import { apiErrorText } from '../refusal-text';
import { finishedLessons } from './progress';
import './lessons.css';

type Navigate = (to: string) => void;

/** Start a lesson: its match, the learner's seat joined, the match opened. */
function useLessonStart(navigate: Navigate) {
  const { t } = useI18n();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
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
      setError(apiErrorText(t, err));
      setBusy(null);
    }
  };
  return { busy, error, start };
}

/** One game's lessons as a list of start buttons, each with its summary and this browser's mark. */
function LessonList({ game, busy, start }: { game: GameInfo; busy: string | null; start: (game: string, lesson: string) => void }) {
  const { t, lang } = useI18n();
  const done = finishedLessons();
  return (
    <ul>
      {game.lessons!.map((l) => (
        <li key={l.id} data-lesson={l.id}>
          <button type="button" disabled={busy !== null} onClick={() => start(game.id, l.id)}>
            {busy === l.id ? t('lesson.starting') : t('lesson.start', { title: l.title[lang] })}
          </button>{' '}
          {done.has(l.id) && <span className="lesson-finished">✓ {t('lesson.done')}</span>}
          <small className="muted"> {l.summary[lang]}</small>
        </li>
      ))}
    </ul>
  );
}

function Refusal({ error }: { error: string | null }) {
  return error ? (
    <p className="error" role="alert">
      {error}
    </p>
  ) : null;
}

export function LearnToPlay({ navigate }: { navigate: Navigate }) {
  const { t, lang } = useI18n();
  const games = useGames();
  const { busy, error, start } = useLessonStart(navigate);
  const withLessons = (games ?? []).filter((g) => g.lessons?.length);
  if (withLessons.length === 0) return null;
  return (
    <section className="panel learn-to-play" aria-labelledby="learn-to-play" data-testid="learn-to-play">
      <h2 id="learn-to-play">{t('lesson.learn')}</h2>
      <p className="muted">{t('lesson.intro')}</p>
      {withLessons.map((g) => (
        <div key={g.id} className="lesson-game">
          <h3>{g.name[lang]}</h3>
          <LessonList game={g} busy={busy} start={(game, lesson) => void start(game, lesson)} />
        </div>
      ))}
      <Refusal error={error} />
    </section>
  );
}

/** In a game's create form: new to this game? Its lessons first. */
export function LearnThisGame({ game, navigate }: { game: GameInfo | undefined; navigate: Navigate }) {
  const { t } = useI18n();
  const { busy, error, start } = useLessonStart(navigate);
  if (!game?.lessons?.length) return null;
  return (
    <fieldset className="learn-this-game" data-testid="learn-this-game" data-game={game.id}>
      <legend>{t('lesson.learn')}</legend>
      <p className="muted small">{t('lesson.inForm')}</p>
      <LessonList game={game} busy={busy} start={(g, lesson) => void start(g, lesson)} />
      <Refusal error={error} />
    </fieldset>
  );
}
