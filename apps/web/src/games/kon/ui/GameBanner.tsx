/** The banner over the board: what this page waits for or must decide now, with its notes and buttons. */
import type { FactionView } from '@kon/game';
import { refusalText, useI18n } from '../../../i18n';
import { bannerFor, withConnection } from '../game/banner';
import type { MatchConnection } from '../game/connection';
import type { SidePresence } from '../game/presence';
import { useYourMoveSignals } from '../game/yourMove';
import { scenarioGoal } from '../game/scenario';
import { HelpButton } from './HelpPanel';
import { OfflineNote } from './Presence';
import { ScenarioSheetButton } from './ScenarioSheet';
import { TeamNotice } from './TeamNotice';
import { UndoButton } from './UndoButton';
import type { Moves, Seats } from './useTable';

export function GameBanner({
  G,
  conn,
  seats,
  moves,
  presence,
  now,
  followLine,
  past,
}: {
  G: FactionView;
  conn: MatchConnection;
  seats: Seats;
  moves: Moves;
  presence: Partial<Record<string, SidePresence>>;
  now: number;
  followLine: string;
  /** The board shown is an earlier one (the log's history). */
  past: boolean;
}) {
  const { t, lang } = useI18n();
  const { actor, mine, actingSeat } = seats;
  const { autoPassing } = moves;
  const spectator = mine.length === 0;
  // "Your move" in the tab's title and icon (and sound, notification as chosen): own turns and reaction windows alike.
  const decided = bannerFor(G, actor, mine, lang);
  const own = autoPassing ? { ...decided, kind: 'wait' as const, title: t('autopass.title'), detail: t('autopass.detail') } : decided;
  // A lost connection overrides both: nothing this page shows is current, and nothing it sends goes.
  const banner = withConnection(own, conn.connected || !conn.synced, lang);
  useYourMoveSignals(!spectator && banner.kind === 'act', t('signal.yourMove'), banner.detail ?? '', `kon-${conn.lobby?.matchID ?? ''}`);
  const goal = scenarioGoal(G, t, lang);
  return (
    <div
      className={`banner banner-${banner.kind} ${banner.faction ? `f-${banner.faction}` : ''}`}
      role="status"
      aria-live="polite"
      data-testid="banner"
      data-autopass={autoPassing || undefined}
    >
      <strong className="banner-title">{banner.title}</strong>
      <span className="banner-detail">{banner.detail}</span>
      {moves.switched && actingSeat && <span className="banner-switch">{moves.switched}</span>}
      {followLine && (
        <span className="banner-follow" data-testid="computer-summary">
          {followLine}
        </span>
      )}
      {banner.kind === 'wait' && banner.faction && !autoPassing && (
        <OfflineNote faction={banner.faction} presence={presence[banner.faction]} now={now} />
      )}
      {moves.notSent && !conn.connected && (
        <span className="banner-error" role="alert" data-testid="not-sent">
          {t('conn.notSent')}
        </span>
      )}
      {conn.lastError && (
        <span className="banner-error" role="alert">
          {refusalText(t, conn.lastError, conn.lastWait)}
        </span>
      )}
      {moves.cancelled && <TeamNotice onDismiss={moves.dismissCancelled} />}
      {!spectator && !past && actingSeat?.G?.canUndo && <UndoButton onUndo={moves.undo} busy={moves.busy} />}
      {goal && (
        <span className="scenario-goal" data-testid="scenario-goal">
          {goal}
        </span>
      )}
      {G.scenario && <ScenarioSheetButton id={G.scenario.id} />}
      <HelpButton G={G} actor={actor} />
    </div>
  );
}
