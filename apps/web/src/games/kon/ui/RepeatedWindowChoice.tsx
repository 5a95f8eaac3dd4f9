/**
 * Beside a reaction the side may be asked many times in one phase (Ubåt after each enemy
 * reinforcement): "Ask me each time" or "Not this phase". The second is kept by the server with the
 * side's automatic passing (apps/server/src/autopass/skips.ts): it passes this window and the same
 * kind's later ones this phase at the delay it draws for every window, so the other sides see what
 * they see of a side without the card. Offered only while the side's automatic passing is on.
 */
import { useState } from 'react';
import { repeatedWindow, type Faction, type FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import type { MatchConnection } from '../game/connection';
import { declinedNow } from '../game/autopass';

export function RepeatedWindowChoice({
  G,
  faction,
  conn,
}: {
  G: FactionView;
  faction: Faction;
  conn: Pick<MatchConnection, 'autopass' | 'skips' | 'declineRepeated'>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  if (conn.autopass !== true || G.result || !repeatedWindow(G, faction)) return null;
  const declined = declinedNow(G, faction, conn.skips);
  const choose = async (notThisPhase: boolean) => {
    setBusy(true);
    setError(false);
    try {
      await conn.declineRepeated(notThisPhase);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel repeated-choice" data-testid="repeated-choice">
      <div className="row" role="group" aria-label={t('autopass.repeat.label')}>
        <button
          type="button"
          className="small"
          aria-pressed={!declined}
          disabled={busy || !declined}
          onClick={() => void choose(false)}
          data-action="ask-each-time"
        >
          {t('autopass.repeat.each')}
        </button>
        <button
          type="button"
          className="small"
          aria-pressed={declined}
          disabled={busy || declined}
          onClick={() => void choose(true)}
          data-action="not-this-phase"
        >
          {t('autopass.repeat.phase')}
        </button>
      </div>
      {declined && <p className="muted small">{t('autopass.repeat.declined')}</p>}
      {error && (
        <p className="error small" role="alert">
          {t('autopass.error')}
        </p>
      )}
    </section>
  );
}
