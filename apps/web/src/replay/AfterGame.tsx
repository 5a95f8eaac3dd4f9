/**
 * What a finished game offers: step through it (the replay viewer), download its record, and, for its
 * players, a rematch with the same seats in one click (also a game module's, via games/ModuleRematch.tsx). Every member's page follows the rematch by
 * itself (MatchPage reads the lobby view, which names it).
 */
import { useState } from 'react';
import { useI18n } from '../i18n';
import { pastApi } from './api';

export function AfterGame({
  matchID,
  token,
  canRematch,
  existing,
  onRematch,
  navigate,
  lookBack = true,
}: {
  matchID: string;
  token: string | undefined;
  canRematch: boolean;
  /** A rematch already started (before this page was opened). */
  existing: string | null;
  onRematch: (newMatchID: string) => void;
  navigate: (to: string) => void;
  /** Offer the replay viewer and the record (Kampen om Norge's); other games look back on their board. */
  lookBack?: boolean;
}) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [dlFailed, setDlFailed] = useState(false);
  const rematch = async () => {
    if (!token) return;
    if (existing) return onRematch(existing);
    setState('busy');
    try {
      const r = await pastApi.rematch(matchID, token);
      onRematch(r.matchID);
    } catch {
      setState('failed');
    }
  };
  const download = async () => {
    setDlFailed(false);
    try {
      // The record's module brings Kampen om Norge's engine: loaded on this click only, so that another
      // game's page (ModuleRematch) does not carry it.
      const [{ downloadRecord }, record] = await Promise.all([import('./record'), pastApi.record(matchID, token ?? '')]);
      downloadRecord(record, matchID);
    } catch {
      setDlFailed(true);
    }
  };
  return (
    <div className="after-game" data-testid="after-game">
      {canRematch && (
        <button
          type="button"
          className="primary"
          onClick={rematch}
          disabled={state === 'busy'}
          title={t('result.rematchHint')}
          data-action="rematch"
        >
          {state === 'busy' ? t('rematch.creating') : existing ? t('rematch.open') : t('result.rematch')}
        </button>
      )}
      {lookBack && (
        <a
          className="button"
          href={`/m/${matchID}/replay`}
          data-action="replay"
          onClick={(e) => {
            e.preventDefault();
            navigate(`/m/${matchID}/replay`);
          }}
        >
          {t('result.replay')}
        </a>
      )}
      {lookBack && (
        <button type="button" onClick={download} data-action="download">
          {t('result.download')}
        </button>
      )}
      {state === 'failed' && <p className="error">{t('rematch.failed')}</p>}
      {dlFailed && <p className="error">{t('replay.failed')}</p>}
    </div>
  );
}
