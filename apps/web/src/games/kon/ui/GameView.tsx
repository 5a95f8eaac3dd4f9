/**
 * The board screen: banner, the strip of side panels, the map, and beside it the decision and hand
 * column and the log (ui/LogColumn.tsx). The parts are in their own files: seat hooks (useTable.ts),
 * banner (GameBanner.tsx), hand (HandPanel.tsx), result (ResultDialog.tsx).
 */
import { useMemo, useRef, useState } from 'react';
import type { Faction } from '@kon/game';
import { useI18n } from '../../../i18n';
import type { MatchConnection } from '../game/connection';
import { Board } from './Board';
import { useMapTop } from './mapView';
import { ActionPanel } from './Actions';
import { RepeatedWindowChoice } from './RepeatedWindowChoice';
import { CombatPanel } from './CombatPanel';
import { AdvancedActions } from './AdvancedActions';
import { April9Hand } from './April9Cards';
import { FleetPanel } from './Fleet';
import { NavalCombatPanel } from './NavalCombatPanel';
import { combatReport } from '../game/combatReport';
import '../../../comfort.css';
import './table.css';
import { HistoryBar } from '../../../replay/HistoryBar';
import type { BoardHistory } from '../../../replay/useBoardAt';
import { presenceByFaction } from '../game/presence';
import { useNow } from './Presence';
import type { ComputerMarks } from '../../../ui/ComputerSeats';
import { ClockPanel } from './Clocks';
import { followMarks, followSummary } from '../game/computerTurn';
import { HandPanel } from './HandPanel';
import { ResultDialog } from './ResultDialog';
import { SideStrip } from './SideStrip';
import { LogColumn } from './LogColumn';
import { GameBanner } from './GameBanner';
import { FACTION_OF } from './seats';
import { useMoves, useSeats } from './useTable';

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
  const [viewSeat, setViewSeat] = useState(0);
  const seats = useSeats(conn, spectator, viewSeat);
  const { mine, actor, actingSeat, G } = seats;
  const moves = useMoves(conn, seats, spectator);
  const { choices, adv, actions, advanced, busy, send } = moves;
  const map = advanced.active ? advanced : actions;
  const names = usePlayerNames(conn.players);
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

  const mapColRef = useRef<HTMLDivElement>(null);
  useMapTop(mapColRef);

  if (!G) return <div className="center-note">{t('loading')}</div>;
  const past = history?.at?.G ?? null;

  return (
    <main className="game-layout kon-table">
      {/* The page's heading for assistive technology: the banner below says what matters now. */}
      <h1 className="sr-only">{t('app.title')}</h1>
      <GameBanner
        G={G}
        conn={conn}
        seats={seats}
        moves={moves}
        presence={presence}
        now={now}
        followLine={history?.at ? '' : followLine}
        past={!!past}
      />
      {history && <HistoryBar history={history} />}
      <SideStrip
        G={G}
        mine={mine}
        acting={actor?.faction ?? null}
        names={names}
        presence={presence}
        now={now}
        clock={conn.clock}
        {...(computer ? { computer } : {})}
      />
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
          <OpenPanels G={G} />
          {seats.handSeats.length > 0 && (
            <HandPanel
              send={send}
              seats={seats.handSeats}
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
          {seatControls}
        </aside>
        <LogColumn conn={conn} spectator={spectator} history={history} />
      </div>
      {G.result && showResult && <ResultDialog G={G} onClose={() => setShowResult(false)} afterGame={afterGame} />}
    </main>
  );
}

/** The combats on the table now, or the last ones fought. */
function OpenPanels({ G }: { G: NonNullable<ReturnType<typeof useSeats>['G']> }) {
  const report = combatReport(G);
  const naval = G.naval?.combat ?? G.naval?.lastCombat ?? null;
  return (
    <>
      {naval && <NavalCombatPanel combat={naval} live={naval === G.naval?.combat} />}
      {report && <CombatPanel report={report} />}
    </>
  );
}

function usePlayerNames(players: MatchConnection['players']) {
  return useMemo(() => {
    const out: Partial<Record<Faction, string>> = {};
    for (const p of players) {
      const f = FACTION_OF[String(p.id)];
      if (f && p.name) out[f] = p.name;
    }
    return out;
  }, [players]);
}
