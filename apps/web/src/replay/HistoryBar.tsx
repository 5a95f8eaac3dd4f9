/** Says that the board shows the past, and leads back to the live game (also with Escape). */
import { useEffect } from 'react';
import { useI18n } from '../i18n';
import type { BoardHistory } from './useBoardAt';
import '../comfort.css';

export function HistoryBar({ history }: { history: BoardHistory }) {
  const { t } = useI18n();
  const { at, loading, failed, back } = history;
  useEffect(() => {
    if (!at && loading === null && !failed) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && back();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [at, loading, failed, back]);
  if (!at && loading === null && !failed) return null;
  return (
    <div className="history-bar" role="status" data-testid="history-bar">
      <span>
        {loading !== null
          ? t('history.loading')
          : failed
            ? t('history.failed')
            : t('history.viewing', { n: at!.entry + 1, total: at!.total })}
      </span>
      <button type="button" className="primary small" onClick={back} data-action="history-back">
        {t('history.back')}
      </button>
    </div>
  );
}
