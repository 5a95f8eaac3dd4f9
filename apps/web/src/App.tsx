import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { I18nContext, initialLang, saveLang, translate, useI18n, type Lang } from './i18n';
import { api, remember, saveName, savedName, type Plan, type Ruleset, type ScenarioInfo, type SeatBots, type SeatKey } from './api';
import { SeatBadges, TopBar } from './ui/Chrome';
import { Choice, ChoiceGroup, NameField } from './ui/FormParts';
import { PublicMatches, VisibilityChoice } from './lobby/PublicMatches';
import { JoinPage, RecoverPage } from './ui/JoinPages';
import { MyMatches } from './ui/MyMatches';
import { OpponentChoices, botsForPlan } from './ui/ComputerSeats';
import { ClockChoice, clockSettings, DEFAULT_CLOCK, type ClockDraft } from './ui/ClockChoice';
import { DEFAULT_GAME, GameChoice, useGames } from './lobby/GameChoice';
import { ModuleCreate } from './lobby/ModuleCreate';
import { HomeHero } from './lobby/HomeHero';
import { LearnThisGame, LearnToPlay } from './lessons/LearnToPlay';
import { GameMatchPage } from './games/GameMatchPage';
import { matchmakingPage, OpenTickets } from './matchmaking/pages';
import { InvitePage } from './lobby/InvitePage';
import { apiErrorText } from './refusal-text';

// The match page brings boardgame.io's client, the rules engine, the map and the card data: a chunk of
// its own, fetched when a match is opened (and ahead of time from the invite and join pages).
const loadMatchPage = () => import('./games/kon/index');
// The replay viewer brings the game package and boardgame.io's reducer: a chunk of its own too.
const ReplayPage = lazy(() => import('./games/kon/ReplayPage').then((m) => ({ default: m.ReplayPage })));
// The account pages bring the passkey code: a chunk of their own too.
const AccountPage = lazy(() => import('./account/AccountPages').then((m) => ({ default: m.AccountPage })));
/** Invite and join lead to the match: fetch its code while the player reads or types. */
function prefetchMatchPage() {
  loadMatchPage().catch(() => {
    /* opening the match tries again, and says so if it fails */
  });
}

/** A code chunk that will not load (offline, or a deploy replaced it): say so and offer a reload. */
class ChunkErrorBoundary extends Component<{ children: React.ReactNode; message: string; retry: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="narrow">
        <div className="panel">
          <p className="error" role="alert">
            {this.props.message}
          </p>
          <button type="button" onClick={() => window.location.reload()}>
            {this.props.retry}
          </button>
        </div>
      </main>
    );
  }
}

// ------------------------------------------------------------------ routing (history API, no library)

function usePath(): [string, (to: string, opts?: { replace?: boolean }) => void] {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, opts?: { replace?: boolean }) => {
    if (opts?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setPath(new URL(to, window.location.origin).pathname);
    window.scrollTo(0, 0);
  }, []);
  return [path, navigate];
}

export function App() {
  const [lang, setLangState] = useState<Lang>(() => initialLang());
  const i18n = useMemo(
    () => ({
      lang,
      t: (k: string, p?: Record<string, string | number>) => translate(lang, k, p),
      setLang: (l: Lang) => {
        saveLang(l);
        setLangState(l);
      },
    }),
    [lang],
  );
  useEffect(() => {
    document.documentElement.lang = lang === 'no' ? 'nb' : 'en';
  }, [lang]);
  const [path, navigate] = usePath();

  let page: React.ReactNode;
  const m = /^\/m\/([A-Za-z0-9_-]{1,64})(?:\/(invite|join|watch|replay|recover))?\/?$/.exec(path);
  if (m || /^\/replay\/?$/.test(path)) {
    const [, id, sub] = (m ?? [path, undefined, 'replay']) as unknown as [string, string, string | undefined];
    if (sub === 'replay')
      page = (
        <ChunkErrorBoundary key={path} message={i18n.t('error.loadFailed')} retry={i18n.t('error.reload')}>
          <Suspense fallback={<PageLoading navigate={navigate} />}>
            <ReplayPage key={path} {...(id ? { matchID: id } : {})} navigate={navigate} />
          </Suspense>
        </ChunkErrorBoundary>
      );
    else if (sub === 'invite') page = <InvitePage matchID={id} navigate={navigate} prefetch={prefetchMatchPage} />;
    else if (sub === 'join') page = <JoinPage matchID={id} navigate={navigate} prefetch={prefetchMatchPage} />;
    else if (sub === 'recover') page = <RecoverPage matchID={id} navigate={navigate} />;
    else
      page = (
        <ChunkErrorBoundary key={path} message={i18n.t('error.loadFailed')} retry={i18n.t('error.reload')}>
          <Suspense fallback={<PageLoading navigate={navigate} />}>
            <GameMatchPage key={`${id}-${sub ?? 'play'}`} matchID={id} spectator={sub === 'watch'} navigate={navigate} />
          </Suspense>
        </ChunkErrorBoundary>
      );
  } else if (/^\/account(?:\/(new|link))?\/?$/.test(path)) {
    const sub = /^\/account\/(new|link)/.exec(path)?.[1];
    // One key for every account path: signing up (/account/new → /account) keeps the page mounted.
    page = (
      <ChunkErrorBoundary key="account" message={i18n.t('error.loadFailed')} retry={i18n.t('error.reload')}>
        <Suspense fallback={<PageLoading navigate={navigate} />}>
          <AccountPage sub={sub} navigate={navigate} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  } else if (matchmakingPage(path, navigate)) {
    page = (
      <ChunkErrorBoundary key={path} message={i18n.t('error.loadFailed')} retry={i18n.t('error.reload')}>
        <Suspense fallback={<PageLoading navigate={navigate} />}>{matchmakingPage(path, navigate)}</Suspense>
      </ChunkErrorBoundary>
    );
  } else page = <HomePage navigate={navigate} />;

  return <I18nContext.Provider value={i18n}>{page}</I18nContext.Provider>;
}

function PageLoading({ navigate }: { navigate: (to: string) => void }) {
  const { t } = useI18n();
  return (
    <div className="page game-page">
      <TopBar navigate={navigate} />
      <main className="narrow">
        <p className="muted" role="status">
          {t('conn.connecting')}
        </p>
      </main>
    </div>
  );
}

// ------------------------------------------------------------------ home

const RULESETS: Ruleset[] = ['basic', 'advanced'];

/** The home page's seat choice for a creator who takes no seat. */
const WATCH = 'watch';

const SEATS_OF: Record<Plan, SeatKey[]> = {
  three: ['germany', 'norway', 'allies'],
  teams: ['germany', 'norway', 'allies'],
  two: ['germany', 'norway+allies'],
  four: [],
};

/**
 * Why Create cannot be pressed yet (the text key of the reason), or null when it can: a disabled
 * button alone leaves the player guessing what is missing.
 */
export function createBlocker(f: { watching: boolean; name: string; clockOk: boolean }): string | null {
  if (!f.watching && !f.name.trim()) return 'home.needName';
  if (!f.clockOk) return 'home.needClock';
  return null;
}

/** The rules: basic or advanced full game, or one of the scenarios (each builds on one of them). */
function RulesetChoice({
  ruleset,
  scenario,
  scenarios,
  onRuleset,
  onScenario,
}: {
  /** The full game's rules chosen, null while a scenario is. */
  ruleset: Ruleset | null;
  scenario: string | null;
  scenarios: ScenarioInfo[] | null;
  onRuleset: (r: Ruleset) => void;
  onScenario: (id: string) => void;
}) {
  const { t, lang } = useI18n();
  return (
    <fieldset>
      <legend>{t('home.ruleset')}</legend>
      {RULESETS.map((r) => (
        <Choice
          key={r}
          name="ruleset"
          value={r}
          checked={ruleset === r}
          onChange={() => onRuleset(r)}
          title={t(`home.ruleset.${r}`)}
          hint={t(`home.ruleset.${r}.hint`)}
        />
      ))}
      {scenarios === null && <p className="muted">{t('home.scenario.loading')}</p>}
      {/* The full game is offered above (basic or advanced); every other scenario file is one choice here. */}
      {scenarios
        ?.filter((s) => s.id !== 'full-game')
        .map((s) => (
          <Choice
            key={s.id}
            name="ruleset"
            value={`scenario:${s.id}`}
            checked={scenario === s.id}
            onChange={() => onScenario(s.id)}
            title={s.name[lang]}
            hint={s.summary[lang]}
            data={{ 'data-scenario': s.id }}
          />
        ))}
    </fieldset>
  );
}

function HomePage({ navigate }: { navigate: (to: string) => void }) {
  const { t } = useI18n();
  const [name, setName] = useState(savedName);
  const [plan, setPlan] = useState<Plan>('three');
  /** The creator's own seat, or WATCH: the creator only watches (every side played by the computer or invited). */
  const [seat, setSeat] = useState<SeatKey | typeof WATCH>('germany');
  const [ruleset, setRuleset] = useState<Ruleset>('basic');
  /** Seats the computer plays (the others get invite links). */
  const [bots, setBots] = useState<SeatBots>({});
  /** A scenario instead of the full game (its file says which rules it builds on). */
  const [scenario, setScenario] = useState<string | null>(null);
  const [scenarios, setScenarios] = useState<ScenarioInfo[] | null>(null);
  const [visibility, setVisibility] = useState<'private' | 'public'>('private');
  useEffect(() => {
    api.scenarios().then(setScenarios, () => setScenarios([]));
  }, []);
  const [clock, setClock] = useState<ClockDraft>(DEFAULT_CLOCK);
  const games = useGames();
  const [game, setGame] = useState(DEFAULT_GAME);
  const other = game !== DEFAULT_GAME ? games?.find((g) => g.id === game) : undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Another plan: a watcher gets Easy for its new sides, a player whose side the plan lacks gets its first.
  const choosePlan = (p: Plan) => {
    setPlan(p);
    if (seat === WATCH) setBots((old) => ({ ...Object.fromEntries(SEATS_OF[p].map((s) => [s, 'easy'])), ...old }));
    else if (!SEATS_OF[p].includes(seat)) setSeat(SEATS_OF[p][0]!);
  };

  const blocker = createBlocker({ watching: seat === WATCH, name, clockOk: clockSettings(clock) !== null });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const clockChosen = clockSettings(clock);
    const watching = seat === WATCH;
    if ((!watching && !name.trim()) || !clockChosen) return;
    setBusy(true);
    setError(null);
    try {
      if (name.trim()) saveName(name.trim());
      const mine = watching ? null : seat;
      const created = await api.create(
        plan,
        ruleset,
        scenario ?? undefined,
        visibility,
        botsForPlan(bots, SEATS_OF[plan], mine),
        clockChosen,
      );
      const chosen = scenarios?.find((s) => s.id === scenario);
      remember(created.matchID, {
        links: created.links,
        createdAt: Date.now(),
        ruleset: chosen ? (chosen.ruleset as Ruleset) : ruleset,
        ...(chosen ? { scenario: chosen.id } : {}),
      });
      if (watching) {
        // The creator holds no seat: the spectator view, after the invite page if people are to be asked.
        remember(created.matchID, { spectatorToken: created.links.spectator });
        navigate(created.links.seats.length > 0 ? `/m/${created.matchID}/invite` : `/m/${created.matchID}/watch`);
        return;
      }
      const token = created.links.seats.find((s) => s.seat === seat)?.token;
      if (!token) throw new Error('no seat');
      const joined = await api.join(created.matchID, token, name.trim());
      remember(created.matchID, { member: joined });
      // With the computer in every other seat there is nobody to invite: straight to the game.
      navigate(created.links.seats.length > 1 ? `/m/${created.matchID}/invite` : `/m/${created.matchID}`);
    } catch (err) {
      setError(apiErrorText(t, err));
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="home">
        <HomeHero game={other}>
          <GameChoice games={games} value={game} onChange={setGame} />
          <OpenTickets navigate={navigate} />
          <LearnToPlay navigate={navigate} />
        </HomeHero>
        {other && <ModuleCreate key={other.id} game={other} navigate={navigate} />}
        <form className="panel create-form" onSubmit={submit} aria-label={t('home.create')} hidden={!!other}>
          <h2>{t('home.create')}</h2>
          <LearnThisGame game={games?.find((g) => g.id === DEFAULT_GAME)} navigate={navigate} />
          <NameField value={name} onChange={setName} required={seat !== WATCH} />
          <RulesetChoice
            ruleset={scenario ? null : ruleset}
            scenario={scenario}
            scenarios={scenarios}
            onRuleset={(r) => {
              setRuleset(r);
              setScenario(null);
            }}
            onScenario={setScenario}
          />
          <ChoiceGroup
            legend={t('home.plan')}
            name="plan"
            options={(['three', 'two', 'teams'] as const).map((p) => ({
              value: p,
              title: t(`home.plan.${p}`),
              hint: t(`home.plan.${p}.hint`),
            }))}
            value={plan}
            onChange={choosePlan}
          />
          <fieldset>
            <legend>{t('home.seat')}</legend>
            <div className="seat-choices">
              {SEATS_OF[plan].map((s) => (
                <label key={s} className={`seat-choice ${seat === s ? 'checked' : ''}`}>
                  <input type="radio" name="seat" value={s} checked={seat === s} onChange={() => setSeat(s)} />
                  <SeatBadges seat={s} />
                </label>
              ))}
              <label className={`seat-choice watch-choice ${seat === WATCH ? 'checked' : ''}`} title={t('home.seat.watch.hint')}>
                <input
                  type="radio"
                  name="seat"
                  value={WATCH}
                  checked={seat === WATCH}
                  onChange={() => {
                    setSeat(WATCH);
                    // Watching is mostly watching the computer: every side not yet given to it starts as Easy.
                    setBots(Object.fromEntries(SEATS_OF[plan].map((s) => [s, bots[s] ?? 'easy'])) as SeatBots);
                  }}
                />
                <span>{t('home.seat.watch')}</span>
              </label>
            </div>
            {seat === WATCH && <small className="muted">{t('home.seat.watch.hint')}</small>}
          </fieldset>
          <VisibilityChoice value={visibility} onChange={setVisibility} />
          <OpponentChoices seats={SEATS_OF[plan]} mine={seat === WATCH ? null : seat} bots={bots} onChange={setBots} />
          <ClockChoice value={clock} onChange={setClock} />
          {error && <p className="error">{error}</p>}
          <button
            type="submit"
            className="primary big"
            disabled={busy || blocker !== null}
            aria-describedby={blocker ? 'create-blocked' : undefined}
          >
            {busy ? t('home.creating') : t('home.submit')}
          </button>
          {blocker && (
            <p id="create-blocked" className="muted small create-blocked" data-testid="create-blocked">
              {t(blocker)}
            </p>
          )}
        </form>
        <PublicMatches navigate={navigate} name={name} scenarios={scenarios} games={games} />
        <MyMatches navigate={navigate} />
      </main>
    </div>
  );
}
