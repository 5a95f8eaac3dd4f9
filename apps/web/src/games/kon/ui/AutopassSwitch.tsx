/**
 * In the member menu: the side's switch for automatic passing (the server passes where passing is all
 * the side can do). Changed through the API; the server tells the side's other browsers.
 */
import { useState } from 'react';
import { api } from '../../../api';
import { useI18n } from '../../../i18n';

export function AutopassSwitch({
  matchID,
  credentials,
  on,
  onChanged,
}: {
  matchID: string;
  credentials: string;
  on: boolean | null;
  onChanged: (on: boolean) => void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const change = async (next: boolean) => {
    setBusy(true);
    setError(false);
    try {
      onChanged((await api.setAutopass(matchID, credentials, next)).on);
    } catch {
      setError(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="autopass-switch" data-testid="autopass-switch">
      <label className="check">
        <input
          type="checkbox"
          checked={on !== false}
          disabled={busy || on === null}
          onChange={(e) => void change(e.target.checked)}
          data-action="autopass"
        />{' '}
        {t('autopass.switch')}
      </label>
      <p className="muted small">{t('autopass.hint')}</p>
      {error && (
        <p className="error small" role="alert">
          {t('autopass.error')}
        </p>
      )}
    </section>
  );
}
