/**
 * In the member menu: what a member does with their seat. The holder makes (and revokes) the link for
 * co-commanders and removes co-commanders; every member can make a one-time recovery link to take the
 * seat to another device. Links are shown once: the server keeps only their hashes.
 */
import { useState } from 'react';
import { api, ApiError, recoveryLink, seatLink, type MatchInfo } from '../../../api';
import { useI18n } from '../../../i18n';
import { CopyField } from '../../../ui/CopyField';

export function SeatSharing({ matchID, credentials, info }: { matchID: string; credentials: string; info: MatchInfo | null }) {
  const { t } = useI18n();
  const [coLink, setCoLink] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const you = info?.you;
  if (!info || you?.role !== 'member') return null;
  const seat = info.seats.find((s) => s.seat === you.seat);
  const coMembers = seat?.members.filter((m) => m.id !== you.memberId) ?? [];
  const origin = window.location.origin;

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err instanceof ApiError && err.code === 'not_holder' ? t('share.notHolder') : t('error.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="seat-sharing" data-testid="seat-sharing">
      {you.holder && (
        <section>
          <h4>{t('share.co.title')}</h4>
          {coMembers.length === 0 ? (
            <p className="small muted">{t('share.co.none')}</p>
          ) : (
            <ul className="co-list">
              {coMembers.map((m) => (
                <li key={m.id} data-co={m.id}>
                  <span className={`conn-dot ${m.connected ? 'on' : 'off'}`} aria-hidden /> {m.name}{' '}
                  <button
                    type="button"
                    className="small danger-outline"
                    disabled={busy}
                    onClick={() => run(() => api.removeMember(matchID, credentials, m.id))}
                    data-action="remove-co"
                  >
                    {t('share.co.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {coLink ? (
            <CopyField testId="co-link" label={t('share.co.link')} hint={t('share.co.hint')} value={seatLink(origin, matchID, coLink)} />
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={() => run(async () => setCoLink((await api.makeCoLink(matchID, credentials)).token))}
              data-action="make-co-link"
            >
              {you.coLink ? t('share.co.new') : t('share.co.make')}
            </button>
          )}
          {(coLink || you.coLink) && (
            <button
              type="button"
              className="danger-outline"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  await api.revokeCoLink(matchID, credentials);
                  setCoLink(null);
                })
              }
              data-action="revoke-co-link"
            >
              {t('share.co.revoke')}
            </button>
          )}
        </section>
      )}
      <section>
        <h4>{t('share.recovery.title')}</h4>
        {recovery ? (
          <CopyField
            testId="recovery-link"
            label={t('share.recovery.link')}
            hint={t('share.recovery.once')}
            value={recoveryLink(origin, matchID, recovery)}
          />
        ) : (
          <>
            <p className="small muted">{you.recoveryOut ? t('share.recovery.out') : t('share.recovery.hint')}</p>
            <button
              type="button"
              disabled={busy}
              onClick={() => run(async () => setRecovery((await api.makeRecovery(matchID, credentials)).token))}
              data-action="make-recovery"
            >
              {t('share.recovery.make')}
            </button>
          </>
        )}
      </section>
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
