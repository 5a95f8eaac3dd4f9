import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { I18nContext, initialLang, saveLang, translate, useI18n, type Lang } from './i18n';
import {
  api,
  ApiError,
  remember,
  remembered,
  rememberedMatches,
  saveName,
  savedName,
  seatLink,
  spectatorLink,
  type Plan,
  type Ruleset,
  type ScenarioInfo,
  type SeatKey,
} from './api';
import { RulesetTag, SeatBadges, TopBar } from './ui/Chrome';

// The match page brings boardgame.io's client, the rules engine, the map and the card data: a chunk of
// its own, fetched when a match is opened (and ahead of time from the invite and join pages).
const loadMatchPage = () => import('./MatchPage');
const MatchPage = lazy(() => loadMatchPage().then((m) => ({ default: m.MatchPage })));
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

function usePath(): [string, (to: string) => void] {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string) => {
    window.history.pushState(null, '', to);
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
  const m = /^\/m\/([A-Za-z0-9_-]{1,64})(?:\/(invite|join|watch))?\/?$/.exec(path);
  if (m) {
    const [, id, sub] = m as unknown as [string, string, string | undefined];
    if (sub === 'invite') page = <InvitePage matchID={id} navigate={navigate} />;
    else if (sub === 'join') page = <JoinPage matchID={id} navigate={navigate} />;
    else
      page = (
        <ChunkErrorBoundary key={path} message={i18n.t('error.loadFailed')} retry={i18n.t('error.reload')}>
          <Suspense fallback={<PageLoading navigate={navigate} />}>
            <MatchPage key={`${id}-${sub ?? 'play'}`} matchID={id} spectator={sub === 'watch'} navigate={navigate} />
          </Suspense>
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

const SEATS_OF: Record<Plan, SeatKey[]> = {
  three: ['germany', 'norway', 'allies'],
  teams: ['germany', 'norway', 'allies'],
  two: ['germany', 'norway+allies'],
};

function HomePage({ navigate }: { navigate: (to: string) => void }) {
  const { t, lang } = useI18n();
  const [name, setName] = useState(savedName);
  const [plan, setPlan] = useState<Plan>('three');
  const [seat, setSeat] = useState<SeatKey>('germany');
  const [ruleset, setRuleset] = useState<Ruleset>('basic');
  /** A scenario instead of the full game (its file says which rules it builds on). */
  const [scenario, setScenario] = useState<string | null>(null);
  const [scenarios, setScenarios] = useState<ScenarioInfo[] | null>(null);
  useEffect(() => {
    api.scenarios().then(setScenarios, () => setScenarios([]));
  }, []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = rememberedMatches().filter((r) => r.member).slice(0, 6);
  useEffect(() => {
    if (!SEATS_OF[plan].includes(seat)) setSeat(SEATS_OF[plan][0]!);
  }, [plan]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    setError(null);
    try {
      saveName(name.trim());
      const created = await api.create(plan, ruleset, scenario ?? undefined);
      const chosen = scenarios?.find((s) => s.id === scenario);
      remember(created.matchID, { links: created.links, createdAt: Date.now(), ruleset: chosen ? (chosen.ruleset as Ruleset) : ruleset, ...(chosen ? { scenario: chosen.id } : {}) });
      const token = created.links.seats.find((s) => s.seat === seat)?.token;
      if (!token) throw new Error('no seat');
      const joined = await api.join(created.matchID, token, name.trim());
      remember(created.matchID, { member: joined });
      navigate(`/m/${created.matchID}/invite`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error.generic'));
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="home">
        <section className="hero">
          <h1>{t('app.title')}</h1>
          <p className="tagline">{t('app.tagline')}</p>
          <p>{t('home.intro')}</p>
          <p className="muted">{t('home.about')}</p>
        </section>
        <form className="panel create-form" onSubmit={submit} aria-label={t('home.create')}>
          <h2>{t('home.create')}</h2>
          <label className="field">
            <span>{t('home.name')}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('home.namePlaceholder')} maxLength={32} required name="name" autoComplete="nickname" />
          </label>
          <fieldset>
            <legend>{t('home.ruleset')}</legend>
            {RULESETS.map((r) => (
              <label key={r} className="choice">
                <input type="radio" name="ruleset" value={r} checked={!scenario && ruleset === r} onChange={() => { setRuleset(r); setScenario(null); }} />
                <span>
                  <strong>{t(`home.ruleset.${r}`)}</strong>
                  <small>{t(`home.ruleset.${r}.hint`)}</small>
                </span>
              </label>
            ))}
            {scenarios === null && <p className="muted">{t('home.scenario.loading')}</p>}
            {/* The full game is offered above (basic or advanced); every other scenario file is one choice here. */}
            {scenarios?.filter((s) => s.id !== 'full-game').map((s) => (
              <label key={s.id} className="choice" data-scenario={s.id}>
                <input type="radio" name="ruleset" value={`scenario:${s.id}`} checked={scenario === s.id} onChange={() => setScenario(s.id)} />
                <span>
                  <strong>{s.name[lang]}</strong>
                  <small>{s.summary[lang]}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('home.plan')}</legend>
            {(['three', 'two', 'teams'] as Plan[]).map((p) => (
              <label key={p} className="choice">
                <input type="radio" name="plan" value={p} checked={plan === p} onChange={() => setPlan(p)} />
                <span>
                  <strong>{t(`home.plan.${p}`)}</strong>
                  <small>{t(`home.plan.${p}.hint`)}</small>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('home.seat')}</legend>
            <div className="seat-choices">
              {SEATS_OF[plan].map((s) => (
                <label key={s} className={`seat-choice ${seat === s ? 'checked' : ''}`}>
                  <input type="radio" name="seat" value={s} checked={seat === s} onChange={() => setSeat(s)} />
                  <SeatBadges seat={s} />
                </label>
              ))}
            </div>
          </fieldset>
          {error && <p className="error">{error}</p>}
          <button type="submit" className="primary big" disabled={busy || !name.trim()}>
            {busy ? t('home.creating') : t('home.submit')}
          </button>
        </form>
        {mine.length > 0 && (
          <section className="panel my-matches">
            <h2>{t('home.yourMatches')}</h2>
            <ul>
              {mine.map((r) => (
                <li key={r.matchID}>
                  <SeatBadges seat={r.member!.seat} />
                  <span className="muted small">{new Date(r.createdAt).toLocaleString()}</span>
                  <a
                    href={`/m/${r.matchID}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`/m/${r.matchID}`);
                    }}
                  >
                    {t('home.open')}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </div>
  );
}

// ------------------------------------------------------------------ invite

function CopyField({ label, value, hint, testId }: { label: React.ReactNode; value: string; hint?: string; testId?: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      const el = document.createElement('textarea');
      el.value = value;
      document.body.appendChild(el);
      el.select();
      document.execCommand('copy');
      el.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1600);
  };
  return (
    <div className="copy-field" data-testid={testId}>
      <div className="copy-label">{label}</div>
      {hint && <div className="muted small">{hint}</div>}
      <div className="copy-row">
        <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} aria-label={typeof label === 'string' ? label : undefined} />
        <button type="button" onClick={copy}>
          {copied ? t('invite.copied') : t('invite.copy')}
        </button>
      </div>
    </div>
  );
}

function InvitePage({ matchID, navigate }: { matchID: string; navigate: (to: string) => void }) {
  const { t } = useI18n();
  const r = remembered(matchID);
  const origin = window.location.origin;
  useEffect(prefetchMatchPage, []);
  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow">
        <section className="panel">
          <h1>{t('invite.title')}</h1>
          {r?.ruleset && <RulesetTag ruleset={r.ruleset} scenario={r.scenario} />}
          <p>{t('invite.intro')}</p>
          {!r?.links && <p className="error">{t('invite.missing')}</p>}
          {r?.links?.seats.map((s) => (
            <CopyField
              key={s.seat}
              testId={`invite-${s.seat}`}
              label={
                <>
                  <SeatBadges seat={s.seat} /> {r.member?.seat === s.seat && <em className="tag">{t('invite.yours')}</em>}
                </>
              }
              value={seatLink(origin, matchID, s.token)}
            />
          ))}
          {r?.links && <CopyField testId="invite-spectator" label={t('invite.spectator')} hint={t('invite.spectator.hint')} value={spectatorLink(origin, matchID, r.links.spectator)} />}
          <button type="button" className="primary big" onClick={() => navigate(`/m/${matchID}`)} data-action="to-match">
            {t('invite.toMatch')}
          </button>
        </section>
      </main>
    </div>
  );
}

// ------------------------------------------------------------------ join

function JoinPage({ matchID, navigate }: { matchID: string; navigate: (to: string) => void }) {
  const { t } = useI18n();
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const [name, setName] = useState(savedName);
  const [seat, setSeat] = useState<SeatKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const already = remembered(matchID)?.member;
  useEffect(prefetchMatchPage, []);

  useEffect(() => {
    // Keep the token out of the address bar (and history) once read.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setError(t('join.badLink'));
      return;
    }
    api
      .get(matchID, token)
      .then((info) => setSeat(info.you.seat ?? null))
      .catch(() => setError(t('join.badLink')));
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      saveName(name.trim());
      const joined = await api.join(matchID, token, name.trim());
      remember(matchID, { member: joined });
      navigate(`/m/${matchID}`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('error.generic'));
      setBusy(false);
    }
  };

  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow">
        <form className="panel" onSubmit={submit}>
          <h1>{t('join.title')}</h1>
          {seat && (
            <p className="join-seat">
              <SeatBadges seat={seat} /> {t('join.as', { seat: t(`seat.${seat}`) })}
            </p>
          )}
          {already && (
            <p className="muted">
              {t('join.already')}{' '}
              <a
                href={`/m/${matchID}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/m/${matchID}`);
                }}
              >
                {t('invite.toMatch')}
              </a>
            </p>
          )}
          <label className="field">
            <span>{t('home.name')}</span>
            <input value={name} onChange={(e) => setName(e.target.value)} placeholder={t('home.namePlaceholder')} maxLength={32} required name="name" />
          </label>
          {error && <p className="error">{error}</p>}
          <button type="submit" className="primary big" disabled={busy || !name.trim() || !seat}>
            {t('join.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}

