/**
 * "Find an opponent": put a ticket (game, rules or scenario, sides, pace, rated, rating window,
 * opponents' reliability), see one's tickets and cancel them, and be told at once when one is matched.
 * The page asks for its tickets every few seconds while one is open (and when the tab comes back): the
 * match maker answers from the database, so this works whichever server process made the match, with
 * no socket to keep (the game's socket belongs to a match, and there is none yet).
 */
import { type FormEvent, useState } from 'react';
import { ApiError, type SeatKey } from '../api';
import { useI18n } from '../i18n';
import { DEFAULT_GAME, useGames } from '../lobby/GameChoice';
import { SeatBadges, TopBar } from '../ui/Chrome';
import { ChoiceGroup } from '../ui/FormParts';
import { mmApi, type Ticket, type TicketRequest } from './api';
import { useMyTickets } from './useMyTickets';
import { KON, link, SignInNotice, useScenarios, useSetupName } from './shared';

const PACES = ['live', 'fast', 'slow'] as const;
const WINDOWS = [null, 5, 10, 20] as const;
const RELIABILITIES = [null, 0.5, 0.75, 0.9] as const;
/** The ticket's limits on the opponent: how far its rating may be, and how reliable it must be. */
function TicketLimits({
  windowSize,
  setWindowSize,
  minReliability,
  setMinReliability,
}: {
  windowSize: number | null;
  setWindowSize: (w: number | null) => void;
  minReliability: number | null;
  setMinReliability: (r: number | null) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="mm-row">
      <label className="field">
        <span>{t('mm.window')}</span>
        <select
          name="window"
          value={windowSize ?? ''}
          onChange={(e) => setWindowSize(e.target.value === '' ? null : Number(e.target.value))}
        >
          {WINDOWS.map((w) => (
            <option key={String(w)} value={w ?? ''}>
              {w === null ? t('mm.window.any') : `± ${w}`}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('mm.reliability')}</span>
        <select
          name="reliability"
          value={minReliability ?? ''}
          onChange={(e) => setMinReliability(e.target.value === '' ? null : Number(e.target.value))}
        >
          {RELIABILITIES.map((r) => (
            <option key={String(r)} value={r ?? ''}>
              {r === null ? t('mm.reliability.any') : `${Math.round(r * 100)} %`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export function FindOpponentPage({ navigate }: { navigate: (to: string) => void }) {
  const { t, lang } = useI18n();
  const games = useGames();
  const scenarios = useScenarios();
  const setupName = useSetupName(games, scenarios);
  const [game, setGame] = useState(DEFAULT_GAME);
  const info = games?.find((g) => g.id === game);
  const [setup, setSetup] = useState('basic');
  const [plan, setPlan] = useState<string>('three');
  const [sides, setSides] = useState<string[]>([]);
  const [pace, setPace] = useState<(typeof PACES)[number]>('fast');
  const [rated, setRated] = useState(true);
  const [windowSize, setWindowSize] = useState<number | null>(null);
  const [minReliability, setMinReliability] = useState<number | null>(null);
  const { tickets, signedOut, setSignedOut, justMatched, setJustMatched, seenOpen, load } = useMyTickets();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A game chosen: its default plan and set-up, any side. Done on the choice, not when the list of
  // games arrives, so that what someone picked before the list loaded is kept.
  const chooseGame = (id: string) => {
    const g = games?.find((x) => x.id === id);
    setGame(id);
    setPlan(g?.plans[0]?.plan ?? 'three');
    setSetup(id === KON ? 'basic' : '-');
    setSides([]);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body: TicketRequest = {
        game,
        plan: plan as TicketRequest['plan'],
        sides: sides as SeatKey[],
        pace,
        rated,
        ratingWindow: windowSize,
        minReliability,
        ...(game === KON ? { setup } : {}),
      };
      const tk = await mmApi.put(body);
      if (tk.status === 'matched') setJustMatched(tk);
      else seenOpen.current.add(tk.id);
      await load();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setSignedOut(true);
      else setError(err instanceof ApiError ? t(`code.${err.code}`) : t('error.generic'));
    } finally {
      setBusy(false);
    }
  };

  const seats = info?.plans.find((p) => p.plan === plan)?.seats ?? [];
  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow mm-page">
        <section className="panel">
          <h1>{t('mm.title')}</h1>
          <p>{t('mm.intro')}</p>
          {signedOut && <SignInNotice text={t('mm.signIn')} navigate={navigate} />}
          {justMatched?.matchID && (
            <div className="mm-matched" role="alert" data-testid="matched">
              <strong>{t('mm.matchedNow')}</strong> {justMatched.forecast && <Forecast forecast={justMatched.forecast} />}
              <a className="button primary" {...link(navigate, `/m/${justMatched.matchID}`)}>
                {t('mm.open')}
              </a>
            </div>
          )}
        </section>
        {!signedOut && (
          <form className="panel mm-form" onSubmit={submit} aria-label={t('mm.title')}>
            {games && games.length > 1 && (
              <ChoiceGroup
                legend={t('mm.game')}
                name="game"
                options={games.map((g) => ({ value: g.id, title: g.name[lang] }))}
                value={game}
                onChange={chooseGame}
              />
            )}
            {game === KON && (
              <label className="field">
                <span>{t('mm.setup')}</span>
                <select name="setup" value={setup} onChange={(e) => setSetup(e.target.value)}>
                  <option value="basic">{t('home.ruleset.basic')}</option>
                  <option value="advanced">{t('home.ruleset.advanced')}</option>
                  {scenarios
                    .filter((s) => s.id !== 'full-game')
                    .map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name[lang]}
                      </option>
                    ))}
                </select>
              </label>
            )}
            {info && info.plans.length > 1 && (
              <label className="field">
                <span>{t('mm.plan')}</span>
                <select
                  name="plan"
                  value={plan}
                  onChange={(e) => {
                    setPlan(e.target.value);
                    setSides([]);
                  }}
                >
                  {info.plans.map((p) => (
                    <option key={p.plan} value={p.plan}>
                      {t(`home.plan.${p.plan}`)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {game === KON && (
              <fieldset>
                <legend>{t('mm.sides')}</legend>
                <div className="seat-choices">
                  {seats.map((s) => (
                    <label key={s} className={`seat-choice ${sides.includes(s) ? 'checked' : ''}`}>
                      <input
                        type="checkbox"
                        name="side"
                        value={s}
                        checked={sides.includes(s)}
                        onChange={(e) => setSides((old) => (e.target.checked ? [...old, s] : old.filter((x) => x !== s)))}
                      />
                      <SeatBadges seat={s as SeatKey} />
                    </label>
                  ))}
                </div>
                <small className="muted">
                  {sides.length === 0 ? `${t('mm.sides.any')}. ` : ''}
                  {t('mm.sides.hint')}
                </small>
              </fieldset>
            )}
            <ChoiceGroup
              legend={t('mm.pace')}
              name="pace"
              options={PACES.map((p) => ({ value: p, title: t('mm.paceName', { pace: p }), hint: t(`mm.pace.${p}`) }))}
              value={pace}
              onChange={setPace}
            />
            <label className="choice">
              <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated(e.target.checked)} />
              <span>
                <strong>{t('mm.rated')}</strong>
                <small>{t('mm.rated.hint')}</small>
              </span>
            </label>
            <TicketLimits
              windowSize={windowSize}
              setWindowSize={setWindowSize}
              minReliability={minReliability}
              setMinReliability={setMinReliability}
            />
            {error && <p className="error">{error}</p>}
            <button type="submit" className="primary big" disabled={busy}>
              {busy ? t('mm.busy') : t('mm.submit')}
            </button>
          </form>
        )}
        {!signedOut && (
          <section className="panel" aria-label={t('mm.mine')}>
            <h2>{t('mm.mine')}</h2>
            {tickets?.length === 0 && <p className="muted">{t('mm.mine.none')}</p>}
            <ul className="mm-tickets">
              {tickets?.map((tk) => (
                <li key={tk.id} className={`mm-ticket ${tk.status}`} data-status={tk.status}>
                  <span>
                    <strong>{t(`mm.status.${tk.status}`)}</strong> · {t('mm.paceName', { pace: tk.pace })} · {setupName(tk.game, tk.setup)}
                    {tk.game === KON && ` · ${t(`home.plan.${tk.plan}`)}`}
                    {tk.seat && (
                      <>
                        {' · '}
                        <SeatBadges seat={tk.seat as SeatKey} />
                      </>
                    )}
                    {!tk.rated && <span className="muted"> ({t('mm.unrated')})</span>}
                    {tk.status === 'open' && (
                      <small className="muted">
                        {' '}
                        ·{' '}
                        {t('mm.expires', {
                          when: new Date(tk.expiresAt).toLocaleString(lang === 'no' ? 'nb-NO' : 'en-GB', {
                            dateStyle: 'short',
                            timeStyle: 'short',
                          }),
                        })}
                      </small>
                    )}
                  </span>
                  {tk.forecast && <Forecast forecast={tk.forecast} />}
                  {tk.status === 'open' && (
                    <button type="button" className="small" onClick={() => mmApi.cancel(tk.id).then(load, load)}>
                      {t('mm.cancel')}
                    </button>
                  )}
                  {tk.status === 'matched' &&
                    (tk.matchID ? (
                      <a className="button primary" {...link(navigate, `/m/${tk.matchID}`)}>
                        {t('mm.open')}
                      </a>
                    ) : (
                      <span className="muted">{t('mm.starting')}</span>
                    ))}
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </div>
  );
}

/** Rated or not, and each side's predicted chance of winning, before the match starts. */
function Forecast({ forecast }: { forecast: NonNullable<Ticket['forecast']> }) {
  const { t } = useI18n();
  return (
    <span className="mm-forecast" data-testid="forecast">
      {forecast.rated ? t('mm.forecast.rated') : t('mm.forecast.unrated')}
      {forecast.seats.map((s) => (
        <span key={s.seat}>
          {' · '}
          <SeatBadges seat={s.seat as SeatKey} /> {Math.round(s.chance * 100)} %
        </span>
      ))}
    </span>
  );
}
