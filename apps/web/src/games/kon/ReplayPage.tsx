/**
 * The replay viewer: a finished game stepped through move by move with every hand open. It opens a
 * match's record from the server (/m/:id/replay, for anyone who may watch the match) or a record file
 * the user picks (/replay). The browser replays the moves itself with the game package.
 */
import '../../game/zod-jitless';
import '../../comfort.css';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { FACTIONS, type Faction, type FactionView } from '@kon/game';
import { remembered } from '../../api';
import { useI18n } from '../../i18n';
import { TopBar } from '../../ui/Chrome';
import { Board } from './ui/Board';
import { LogPanel } from './ui/Panels';
import { describeLog } from './game/logText';
import { CardFace, FactionBadge } from './ui/Pieces';
import { pastApi } from '../../replay/api';
import {
  downloadRecord,
  parseRecord,
  replayRecord,
  revealedView,
  ReplayError,
  type GameRecord,
  type ReplayStep,
} from '../../replay/record';
import { FleetPanel } from './ui/Fleet';

type Loaded = { record: GameRecord; steps: ReplayStep[] };

function load(raw: unknown): Loaded | { error: string; why?: string } {
  const parsed = parseRecord(raw);
  if (!parsed.ok) return { error: 'replay.invalid', why: parsed.why };
  try {
    return { record: parsed.record, steps: replayRecord(parsed.record) };
  } catch (e) {
    if (e instanceof ReplayError && e.message === 'mismatch') return { error: 'replay.mismatch' };
    return { error: 'replay.invalid', why: (e as Error).message };
  }
}

export function ReplayPage({ matchID, navigate }: { matchID?: string; navigate: (to: string) => void }) {
  const { t } = useI18n();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(!!matchID);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the record is fetched once per match; a language change must not fetch it again
  useEffect(() => {
    if (!matchID) return;
    const mem = remembered(matchID);
    const token = mem?.member?.credentials ?? mem?.spectatorToken;
    pastApi
      .record(matchID, token ?? '')
      .then((raw) => {
        const r = load(raw);
        if ('error' in r) setError(t(r.error, { why: r.why ?? '' }));
        else setLoaded(r);
      })
      .catch(() => setError(t('replay.failed')))
      .finally(() => setBusy(false));
  }, [matchID]);

  const openFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setError(null);
    setLoaded(null);
    let raw: unknown;
    try {
      raw = JSON.parse(await file.text());
    } catch {
      setError(t('replay.invalid', { why: 'JSON' }));
      return;
    }
    const r = load(raw);
    if ('error' in r) setError(t(r.error, { why: r.why ?? '' }));
    else setLoaded(r);
  };

  return (
    <div className="page game-page replay-page">
      <TopBar navigate={navigate}>
        <strong>{t('replay.title')}</strong>
      </TopBar>
      {!loaded && (
        <main className="narrow">
          <section className="panel">
            <h1>{t('replay.title')}</h1>
            {busy ? (
              <p className="muted" role="status">
                {t('replay.loading')}
              </p>
            ) : (
              <>
                <p>{t('replay.intro')}</p>
                <label className="button file-button">
                  {t('replay.open')}
                  <input type="file" accept="application/json,.json" onChange={openFile} data-testid="replay-file" />
                </label>
              </>
            )}
            {error && (
              <p className="error" role="alert" data-testid="replay-error">
                {error}
              </p>
            )}
          </section>
        </main>
      )}
      {loaded && <Viewer loaded={loaded} />}
    </div>
  );
}

const FACTION_OF: Record<string, Faction> = { '0': 'germany', '1': 'norway', '2': 'allies' };

function Viewer({ loaded }: { loaded: Loaded }) {
  const { t, lang } = useI18n();
  const { steps, record } = loaded;
  const last = steps.length - 1;
  const [i, setI] = useState(last);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) return;
      const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: last }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      setI(Math.max(0, Math.min(last, to)));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [i, last]);

  const step = steps[i]!;
  // Every hand open: the spectators' view of the board with the true hands put back.
  const G = useMemo<FactionView>(() => revealedView(step.G), [step]);
  const mover = step.by !== null ? FACTION_OF[step.by] : null;
  return (
    <main className="game-layout" data-testid="replay-viewer">
      <h1 className="sr-only">{t('replay.title')}</h1>
      <div className="banner replay-bar" role="group" aria-label={t('replay.title')}>
        <div className="replay-controls">
          <button type="button" onClick={() => setI(0)} disabled={i === 0} data-step="first">
            « {t('replay.first')}
          </button>
          <button type="button" onClick={() => setI(i - 1)} disabled={i === 0} data-step="prev">
            ◀ {t('replay.prev')}
          </button>
          <span className="replay-pos" data-testid="replay-pos" aria-live="polite">
            {i === 0 ? t('replay.start') : t('replay.step', { i, n: last })}
            {mover && <FactionBadge faction={mover} />}
          </span>
          <button type="button" onClick={() => setI(i + 1)} disabled={i === last} data-step="next">
            {t('replay.next')} ▶
          </button>
          <button type="button" onClick={() => setI(last)} disabled={i === last} data-step="last">
            {t('replay.last')} »
          </button>
        </div>
        <input
          type="range"
          min={0}
          max={last}
          value={i}
          onChange={(e) => setI(Number(e.target.value))}
          aria-label={t('replay.step', { i, n: last })}
          className="replay-slider"
        />
        <span className="muted small">{t('replay.keys')}</span>
        {step.G.log.length > 0 && i > 0 && (
          <ul className="replay-what" data-testid="replay-what">
            {step.G.log.slice(0, 3).map((e, k) => (
              <li key={k}>{describeLog(e, lang)}</li>
            ))}
            {step.G.log.length > 3 && <li>…</li>}
          </ul>
        )}
        <button type="button" className="small" onClick={() => downloadRecord(record, record.matchID)} data-action="download-record">
          {t('replay.download')}
        </button>
      </div>
      <div className="game-main">
        <div className="map-col">
          <Board G={G} />
        </div>
        {/* Nothing in it to focus: the column itself takes the focus, so that the keyboard can scroll it. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling column must take focus so the keyboard can scroll it (axe: scrollable-region-focusable) */}
        <aside className="side-col" tabIndex={0} aria-label={t('replay.hands')}>
          <section className="panel" data-testid="replay-hands">
            <h3>{t('replay.hands')}</h3>
            {FACTIONS.map((f) => (
              <div key={f} className="replay-hand" data-faction={f}>
                <h4>
                  <FactionBadge faction={f} />{' '}
                  <span className="muted small">{t('replay.deckTop', { n: step.G.decks[f].draw.length })}</span>
                </h4>
                <div className="hand-cards compact">
                  {step.G.hands[f].map((c) => (
                    <CardFace key={c} instance={c} compact symbols={step.G.scenario?.reinforcements ?? true} />
                  ))}
                </div>
              </div>
            ))}
          </section>
          {G.ruleset === 'advanced' && <FleetPanel G={G} />}
          <section className="panel tabs-panel">
            <h3>{t('tabs.log')}</h3>
            <LogPanel log={step.log} />
          </section>
        </aside>
      </div>
    </main>
  );
}
