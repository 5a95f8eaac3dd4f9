/**
 * The public lobby on the home page: matches created as public that still have a free seat, with their
 * plan, rules or scenario and seats, joined in one click (with the name typed in the form above); and
 * the choice, when creating, of who may join.
 */
import { useCallback, useEffect, useState } from 'react';
import { remember, saveName, type GameInfo, type Plan, type ScenarioInfo, type SeatKey } from '../api';
import { DEFAULT_GAME } from './GameChoice';
import { useI18n } from '../i18n';
import { RulesetTag, SeatBadges } from '../ui/Chrome';
import { ChoiceGroup } from '../ui/FormParts';
import { pastApi, type PublicMatch } from '../replay/api';
import '../comfort.css';
import { apiErrorText } from '../refusal-text';

export function VisibilityChoice({ value, onChange }: { value: 'private' | 'public'; onChange: (v: 'private' | 'public') => void }) {
  const { t } = useI18n();
  return (
    <ChoiceGroup
      legend={t('home.visibility')}
      name="visibility"
      options={(['private', 'public'] as const).map((v) => ({
        value: v,
        title: t(`home.visibility.${v}`),
        hint: t(`home.visibility.${v}.hint`),
      }))}
      value={value}
      onChange={onChange}
    />
  );
}

const freeSeats = (m: PublicMatch): SeatKey[] => m.seats.filter((s) => s.members.length === 0 && !m.bots?.[s.seat]).map((s) => s.seat);

export function PublicMatches({
  navigate,
  name,
  games,
}: {
  navigate: (to: string) => void;
  name: string;
  scenarios?: ScenarioInfo[] | null;
  games?: GameInfo[] | null;
}) {
  const { t, lang } = useI18n();
  /** Another game's name (a Kampen om Norge match shows its rules instead). */
  const otherGame = (m: PublicMatch) =>
    m.game && m.game !== DEFAULT_GAME ? (games?.find((g) => g.id === m.game)?.name[lang] ?? m.game) : null;
  const [list, setList] = useState<PublicMatch[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const refresh = useCallback(() => {
    pastApi.publicMatches().then(
      (all) => setList(all.filter((m) => freeSeats(m).length > 0)),
      () => setList((l) => l ?? []),
    );
  }, []);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, 10_000);
    return () => clearInterval(timer);
  }, [refresh]);

  const join = async (m: PublicMatch, seat: SeatKey) => {
    const who = name.trim();
    if (!who) return;
    setJoining(`${m.matchID}:${seat}`);
    setError(null);
    try {
      saveName(who);
      const joined = await pastApi.joinPublic(m.matchID, seat, who);
      remember(m.matchID, {
        member: joined,
        createdAt: Date.now(),
        ...(m.game ? { game: m.game } : {}),
        ruleset: m.setupData?.ruleset === 'advanced' ? 'advanced' : 'basic',
        ...(m.setupData?.scenario ? { scenario: m.setupData.scenario } : {}),
      });
      navigate(`/m/${m.matchID}`);
    } catch (e) {
      setError(apiErrorText(t, e));
      setJoining(null);
      refresh();
    }
  };

  return (
    <section className="panel public-matches" data-testid="public-matches" aria-label={t('home.public')}>
      <div className="public-head">
        <h2>{t('home.public')}</h2>
        <button type="button" className="small" onClick={refresh}>
          {t('home.public.refresh')}
        </button>
      </div>
      {list === null && <p className="muted">{t('loading')}</p>}
      {list?.length === 0 && <p className="muted">{t('home.public.empty')}</p>}
      {!name.trim() && (list?.length ?? 0) > 0 && <p className="muted small">{t('home.public.needName')}</p>}
      {error && <p className="error">{error}</p>}
      <ul>
        {list?.map((m) => (
          <li key={m.matchID} data-match={m.matchID} className="public-match">
            <div className="public-match-head">
              {otherGame(m) ? (
                <strong className="game-tag" data-game={m.game}>
                  {otherGame(m)}
                </strong>
              ) : (
                <RulesetTag ruleset={m.setupData?.ruleset} scenario={m.setupData?.scenario} />
              )}
              <span className="muted small">
                {otherGame(m) ? t('games.plan.n', { n: m.seats.length }) : t(`home.plan.${m.plan as Plan}`)} ·{' '}
                {t('home.public.free', { n: freeSeats(m).length })}
              </span>
            </div>
            <div className="public-seats">
              {m.seats.map((s) =>
                m.bots?.[s.seat] ? (
                  <span key={s.seat} className="public-seat taken" data-computer-seat={s.seat}>
                    <SeatBadges seat={s.seat} /> <span className="small">{t(`bots.computer.${m.bots[s.seat]!.strength}`)}</span>
                  </span>
                ) : s.members.length > 0 ? (
                  <span key={s.seat} className="public-seat taken">
                    <SeatBadges seat={s.seat} /> <span className="small">{s.members.join(', ')}</span>
                  </span>
                ) : (
                  <button
                    key={s.seat}
                    type="button"
                    className="public-seat"
                    disabled={!name.trim() || joining !== null}
                    onClick={() => join(m, s.seat)}
                    data-join-seat={s.seat}
                  >
                    <SeatBadges seat={s.seat} /> {t('home.public.join', { seat: t(`seat.${s.seat}`) })}
                  </button>
                ),
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="muted small">
        <a
          href="/replay"
          onClick={(e) => {
            e.preventDefault();
            navigate('/replay');
          }}
        >
          {t('replay.open')}
        </a>{' '}
        – {t('replay.link')}
      </p>
    </section>
  );
}
