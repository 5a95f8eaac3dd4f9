/** The board screen: banner, map, action panel, combat, hand, sides, log and chat. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { actor as actorOf, legalMoves, type Faction, type FactionView } from '@kon/game';
import { refusalText, useI18n } from '../../../i18n';
import { bannerFor, withConnection } from '../game/banner';
import { endingDeck, resultLines, scenarioGoal } from '../game/scenario';
import { ScenarioSheetButton } from './ScenarioSheet';
import { HelpButton } from './HelpPanel';
import { TeamNotice, useCancelledByTeammate } from './TeamNotice';
import { toChoices, type Choices } from '../game/choices';
import { toAdvancedChoices } from '../game/advancedChoices';
import { combatReport } from '../game/combatReport';
import type { MatchConnection } from '../game/connection';
import { areaName } from '../game/data';
import { Board } from './Board';
import { useMapTop } from './mapView';
import { ActionPanel } from './Actions';
import { RepeatedWindowChoice } from './RepeatedWindowChoice';
import { useActionState } from './action-state';
import { CombatPanel } from './CombatPanel';
import { AdvancedActions } from './AdvancedActions';
import { useAdvancedState } from './advanced-state';
import { April9Hand } from './April9Cards';
import { FleetPanel } from './Fleet';
import { NavalCombatPanel } from './NavalCombatPanel';
import { CardFace, Stepper } from './Pieces';
import { groupHand } from '../game/handGroups';
import { ChatPanel, LogPanel, SidesPanel } from './Panels';
import { useHiddenSenders } from '../../../matchmaking/hidden-chat';
import { UndoButton } from './UndoButton';
import '../../../comfort.css';
import { HistoryBar } from '../../../replay/HistoryBar';
import type { BoardHistory } from '../../../replay/useBoardAt';
import { presenceByFaction } from '../game/presence';
import { useYourMoveSignals } from '../game/yourMove';
import { OfflineNote, useNow } from './Presence';
import type { ComputerMarks } from '../../../ui/ComputerSeats';
import { ClockPanel } from './Clocks';
import { autoPassPending } from '../game/autopass';
import { followMarks, followSummary } from '../game/computerTurn';

const FACTION_OF: Record<string, Faction> = { '0': 'germany', '1': 'norway', '2': 'allies' };
const EMPTY: Choices = toChoices([]);

export function GameView({
  conn,
  spectator,
  history,
  afterGame,
  computer,
  seatControls,
}: {
  conn: MatchConnection;
  spectator: boolean;
  /** Looking back at the board after a log entry (replay/useBoardAt.ts). */
  history?: BoardHistory;
  /** What the result screen offers besides closing it (replay/AfterGame.tsx). */
  afterGame?: React.ReactNode;
  /** Sides the computer plays (ComputerSeats.tsx), and the hand-over buttons shown under the sides. */
  computer?: ComputerMarks;
  seatControls?: React.ReactNode;
}) {
  const { t, lang } = useI18n();
  const mine = useMemo(
    () => (spectator ? [] : conn.seats.map((s) => (s.playerID !== null ? FACTION_OF[s.playerID] : undefined)).filter(Boolean)) as Faction[],
    [conn.seats, spectator],
  );
  const anyG = conn.seats.find((s) => s.G)?.G ?? null;
  const actor = anyG ? actorOf(anyG as any) : null;
  // The seat that acts now if it is ours (two-player mode switches between Norway and the Allies).
  const actingSeat = conn.seats.find((s) => s.playerID !== null && actor && FACTION_OF[s.playerID] === actor.faction && s.G) ?? null;
  const [viewSeat, setViewSeat] = useState(0);
  const shownSeat = actingSeat ?? conn.seats[viewSeat] ?? conn.seats[0]!;
  const G = (shownSeat.G ?? anyG) as FactionView | null;

  // The server passes for the seat in a moment (the seat could do nothing else): no decision is shown.
  const autoPassing = useMemo(
    () =>
      autoPassPending(
        actingSeat?.G,
        actingSeat?.playerID ? FACTION_OF[actingSeat.playerID] : undefined,
        conn.autopass,
        spectator,
        conn.skips,
      ),
    [actingSeat?.G, actingSeat?.playerID, conn.autopass, spectator, conn.skips],
  );
  const legal = useMemo(() => {
    if (!actingSeat?.G || spectator || autoPassing) return [];
    try {
      return legalMoves(actingSeat.G as any, actingSeat.ctx, actingSeat.playerID);
    } catch {
      return [];
    }
  }, [actingSeat?.G, actingSeat?.playerID, spectator, autoPassing]);
  const choices = useMemo(() => (legal.length ? toChoices(legal) : EMPTY), [legal]);
  const adv = useMemo(() => toAdvancedChoices(legal), [legal]);

  const [sentAt, setSentAt] = useState<number | null>(null);
  const stateKey = `${actingSeat?.playerID ?? '-'}:${actingSeat?.stateID ?? shownSeat.stateID}`;
  useEffect(() => setSentAt(null), [stateKey, conn.lastError]);
  const busy = sentAt !== null;
  // A move made while the connection is down is not sent (boardgame.io would queue it and the server
  // refuse it later, against a state that has moved on): the player is told why instead.
  const [notSent, setNotSent] = useState(false);
  useEffect(() => {
    if (conn.connected) setNotSent(false);
  }, [conn.connected]);
  const send = (move: string, args: unknown) => {
    if (!actingSeat?.playerID || busy) return;
    if (!conn.connected) return setNotSent(true);
    setSentAt(actingSeat.stateID);
    conn.makeMove(actingSeat.playerID, move, args);
  };
  const undo = useCallback(() => send('undo', {}), [send]);
  const actions = useActionState(G, choices, send, stateKey);
  const advanced = useAdvancedState(adv, send, stateKey);
  const map = advanced.active ? advanced : actions;
  const [cancelled, dismissCancelled] = useCancelledByTeammate(
    stateKey,
    actions.mode.kind !== 'idle' || advanced.mode.kind !== 'idle',
    busy,
  );

  // Two-player mode: say so when control passes to the other faction.
  const [switched, setSwitched] = useState<string | null>(null);
  const lastActing = useRef<string | null>(null);
  useEffect(() => {
    const pid = actingSeat?.playerID ?? null;
    if (mine.length > 1 && pid && lastActing.current && pid !== lastActing.current)
      setSwitched(t('twoPlayer.now', { f: t(`faction.${FACTION_OF[pid]}`) }));
    if (pid) lastActing.current = pid;
  }, [actingSeat?.playerID]);

  const names = useMemo(() => {
    const out: Partial<Record<Faction, string>> = {};
    for (const p of conn.players) {
      const f = FACTION_OF[String(p.id)];
      if (f && p.name) out[f] = p.name;
    }
    return out;
  }, [conn.players]);

  const [tab, setTab] = useState<'log' | 'chat'>('log');
  // Players this signed-in player blocked: their chat is hidden here.
  const hiddenSenders = useHiddenSenders(conn.lobby?.matchID);
  const chat = useMemo(() => conn.chat.filter((m) => !hiddenSenders.has(m.sender)), [conn.chat, hiddenSenders]);
  const [showResult, setShowResult] = useState(true);

  const presence = useMemo(() => presenceByFaction(conn.lobby), [conn.lobby]);
  // What the computer sides did since a person last decided: marked on the map, summed up in the banner.
  const computerKey = Object.keys(computer ?? {})
    .sort()
    .join(',');
  const follow = useMemo(
    () => followMarks(conn.log, new Set(computerKey ? (computerKey.split(',') as Faction[]) : [])),
    [conn.log, computerKey],
  );
  const followLine = useMemo(() => (follow ? followSummary(conn.log, follow, lang) : ''), [conn.log, follow, lang]);
  const now = useNow(20_000);
  // "Your move" in the tab's title and icon (and sound, notification as chosen): own turns and reaction windows alike.
  const decided = G ? bannerFor(G, actor, mine, lang) : null;
  const own =
    decided && autoPassing ? { ...decided, kind: 'wait' as const, title: t('autopass.title'), detail: t('autopass.detail') } : decided;
  // A lost connection overrides both: nothing this page shows is current, and nothing it sends goes.
  const banner = own ? withConnection(own, conn.connected || !conn.synced, lang) : null;
  useYourMoveSignals(!spectator && banner?.kind === 'act', t('signal.yourMove'), banner?.detail ?? '', `kon-${conn.lobby?.matchID ?? ''}`);

  const mapColRef = useRef<HTMLDivElement>(null);
  useMapTop(mapColRef);

  if (!G || !banner) return <div className="center-note">{t('loading')}</div>;
  const goal = scenarioGoal(G, t, lang);
  const report = combatReport(G);
  const naval = G.naval?.combat ?? G.naval?.lastCombat ?? null;
  const handSeats = conn.seats.filter((s) => s.playerID !== null && !spectator);
  const past = history?.at?.G ?? null;

  return (
    <main className="game-layout">
      {/* The page's heading for assistive technology: the banner below says what matters now. */}
      <h1 className="sr-only">{t('app.title')}</h1>
      <div
        className={`banner banner-${banner.kind} ${banner.faction ? `f-${banner.faction}` : ''}`}
        role="status"
        aria-live="polite"
        data-testid="banner"
        data-autopass={autoPassing || undefined}
      >
        <strong className="banner-title">{banner.title}</strong>
        <span className="banner-detail">{banner.detail}</span>
        {switched && actingSeat && <span className="banner-switch">{switched}</span>}
        {followLine && !history?.at && (
          <span className="banner-follow" data-testid="computer-summary">
            {followLine}
          </span>
        )}
        {banner.kind === 'wait' && banner.faction && !autoPassing && (
          <OfflineNote faction={banner.faction} presence={presence[banner.faction]} now={now} />
        )}
        {notSent && !conn.connected && (
          <span className="banner-error" role="alert" data-testid="not-sent">
            {t('conn.notSent')}
          </span>
        )}
        {conn.lastError && (
          <span className="banner-error" role="alert">
            {refusalText(t, conn.lastError)}
          </span>
        )}
        {cancelled && <TeamNotice onDismiss={dismissCancelled} />}
        {!spectator && !past && actingSeat?.G?.canUndo && <UndoButton onUndo={undo} busy={busy} />}
        {goal && (
          <span className="scenario-goal" data-testid="scenario-goal">
            {goal}
          </span>
        )}
        {G.scenario && <ScenarioSheetButton id={G.scenario.id} />}
        <HelpButton G={G} actor={actor} />
      </div>
      {history && <HistoryBar history={history} />}
      <div className="game-main">
        <div className="map-col" ref={mapColRef}>
          <Board
            G={past ?? G}
            pickable={map.pickable}
            sources={map.sources}
            selected={map.selected}
            onPick={busy || past ? undefined : map.onPick}
            pickHint={map.pickHint}
            drag={map === actions && !busy && !past ? actions.drag : undefined}
            follow={past ? null : follow}
          />
        </div>
        <aside className="side-col">
          {G.result && afterGame && <section className="panel">{afterGame}</section>}
          {!past && actingSeat && actor && choices.any && (
            <ActionPanel
              G={G}
              actor={actor}
              choices={choices}
              state={actions}
              send={send}
              busy={busy}
              hideBasic={advanced.mode.kind !== 'idle'}
            >
              {(adv.size > 0 || G.april9) && <AdvancedActions G={G} actor={actor} adv={adv} state={advanced} send={send} busy={busy} />}
            </ActionPanel>
          )}
          {!past && !spectator && actingSeat?.G && actor && <RepeatedWindowChoice G={actingSeat.G} faction={actor.faction} conn={conn} />}
          {naval && <NavalCombatPanel combat={naval} live={naval === G.naval?.combat} />}
          {report && <CombatPanel report={report} />}
          {handSeats.length > 0 && (
            <HandPanel
              send={send}
              seats={handSeats}
              actingPid={actingSeat?.playerID ?? null}
              choices={choices}
              actions={actions}
              busy={busy}
              viewSeat={viewSeat}
              setViewSeat={setViewSeat}
            />
          )}
          {G.april9 && !actingSeat && G.viewer && (G.april9.hands[G.viewer]?.length ?? 0) > 0 && (
            <section className="panel" data-testid="a9-hand">
              <April9Hand cards={G.april9.hands[G.viewer]!} playable={new Set()} />
            </section>
          )}
          {G.ruleset === 'advanced' && <FleetPanel G={G} />}
          <ClockPanel clock={conn.clock} />
          <SidesPanel
            G={G}
            mine={mine}
            acting={actor?.faction ?? null}
            names={names}
            presence={presence}
            now={now}
            {...(computer ? { computer } : {})}
          />
          {seatControls}
          <section className="panel tabs-panel">
            <div className="tabs" role="tablist">
              <button type="button" role="tab" aria-selected={tab === 'log'} onClick={() => setTab('log')}>
                {t('tabs.log')}
              </button>
              <button type="button" role="tab" aria-selected={tab === 'chat'} onClick={() => setTab('chat')} data-tab="chat">
                {t('tabs.chat')}
                {chat.length > 0 && <span className="count-badge">{chat.length}</span>}
              </button>
            </div>
            <div role="tabpanel">
              {tab === 'log' ? (
                <LogPanel log={conn.log} onPick={history?.show} picked={history?.at?.entry ?? history?.loading ?? null} />
              ) : (
                <ChatPanel messages={chat} players={conn.players} canWrite={!spectator} onSend={conn.sendChat} />
              )}
            </div>
          </section>
        </aside>
      </div>
      {G.result && showResult && <ResultDialog G={G} onClose={() => setShowResult(false)} afterGame={afterGame} />}
    </main>
  );
}

function HandPanel({
  send,
  seats,
  actingPid,
  choices,
  actions,
  busy,
  viewSeat,
  setViewSeat,
}: {
  send: (move: string, args: unknown) => void;
  seats: MatchConnection['seats'];
  actingPid: string | null;
  choices: Choices;
  actions: ReturnType<typeof useActionState>;
  busy: boolean;
  viewSeat: number;
  setViewSeat: (i: number) => void;
}) {
  const { t } = useI18n();
  const actingIndex = seats.findIndex((s) => s.playerID === actingPid);
  const [picked, setPicked] = useState<number | null>(null);
  useEffect(() => setPicked(null), [actingPid]);
  const index = picked ?? (actingIndex >= 0 ? actingIndex : Math.min(viewSeat, seats.length - 1));
  const seat = seats[index] ?? seats[0]!;
  const faction = FACTION_OF[seat.playerID ?? '0']!;
  const hand = seat.G?.hands[faction] ?? [];
  const isActing = seat.playerID === actingPid;
  const symbols = seat.G?.scenario?.reinforcements ?? true;
  return (
    <section className="panel hand-panel" aria-label={t('hand.title')} data-testid="hand">
      <div className="hand-head">
        <h3>{seats.length > 1 ? t('hand.titleOf', { f: t(`faction.${faction}`) }) : t('hand.title')}</h3>
        {seats.length > 1 && (
          <div className="tabs small" role="tablist">
            {seats.map((s, i) => (
              <button
                key={s.playerID}
                type="button"
                role="tab"
                aria-selected={i === index}
                onClick={() => {
                  setPicked(i);
                  setViewSeat(i);
                }}
              >
                {t(`faction.${FACTION_OF[s.playerID ?? '0']}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      {hand.length === 0 && <p className="muted">{t('hand.empty')}</p>}
      <div className="hand-cards">
        {groupHand(hand, symbols).map(({ key, instances }) => {
          // Copies of one card show once, with a count; a play or discard uses the first copy.
          const card = instances[0]!;
          const playable = isActing && choices.cards.has(card);
          const tradeable = instances.filter((c) => isActing && choices.trade.includes(c));
          const discardable = isActing && choices.discard.includes(card);
          const chosen = tradeable.filter((c) => actions.tradeSel.includes(c)).length;
          const chooseTrade = (n: number) =>
            tradeable.forEach((c, i) => {
              if (i < n !== actions.tradeSel.includes(c)) actions.toggleTrade(c);
            });
          return (
            <CardFace key={key} instance={card} copies={instances} playable={playable} symbols={symbols}>
              {playable && (
                <button type="button" className="primary small" onClick={() => actions.playCard(card)} disabled={busy} data-play={card}>
                  {t('act.play')}
                </button>
              )}
              {tradeable.length === 1 && (
                <label className="trade-check">
                  <input type="checkbox" checked={chosen === 1} onChange={() => actions.toggleTrade(tradeable[0]!)} />{' '}
                  {t('hand.tradeSelect')}
                </label>
              )}
              {tradeable.length > 1 && (
                <div className="trade-check">
                  {t('hand.tradeSelect')}{' '}
                  <Stepper value={chosen} min={0} max={tradeable.length} onChange={chooseTrade} label={t('hand.tradeSelect')} />
                </div>
              )}
              {discardable && (
                <button type="button" className="small" onClick={() => send('discard', { card })} disabled={busy}>
                  {t('act.discard')}
                </button>
              )}
            </CardFace>
          );
        })}
      </div>
    </section>
  );
}

function ResultDialog({ G, onClose, afterGame }: { G: FactionView; onClose: () => void; afterGame?: React.ReactNode }) {
  const { t, lang } = useI18n();
  const r = G.result!;
  const scenarioLines = resultLines(G, t, lang);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal?.();
  }, []);
  return (
    <dialog ref={ref} className={`result-dialog win-${r.winner}`} onClose={onClose} data-testid="result">
      <h2>{t(`result.${r.winner}`)}</h2>
      <p className="result-level">{t(`result.${r.level}`)}</p>
      <p>
        {r.reason === 'deck' && G.scenario
          ? t('result.reason.deckOf', { deck: t(`scenario.deck.${endingDeck(G)}`) })
          : r.reason === 'time' && r.timedOut
            ? t('result.reason.time', { f: t(`faction.${r.timedOut}`) })
            : t(`result.reason.${r.reason}`)}
      </p>
      {scenarioLines.length > 0 ? (
        scenarioLines.map((l) => (
          <p key={l} data-testid="result-objectives">
            {l}
          </p>
        ))
      ) : (
        <p>{t('result.cities', { list: r.germanCities.length ? r.germanCities.map(areaName).join(', ') : t('result.none') })}</p>
      )}
      {afterGame}
      <div className="row">
        <button type="button" className="primary" onClick={() => ref.current?.close()}>
          OK
        </button>
        <a className="button" href="/">
          {t('result.back')}
        </a>
      </div>
    </dialog>
  );
}
