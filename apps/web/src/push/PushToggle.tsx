/**
 * "Notify me on this device" in the match's notification settings: one click turns Web Push on for
 * this browser (the permission prompt comes only from that click), another turns it off.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../api';
import { useI18n } from '../i18n';
import { currentEndpoint, pushInfo, turnOffPush, turnOnPush, type PushInfo } from './pushDevice';
import { pushBlock, pushFailure } from './pushReason';
import { limitText } from '../refusal-text';

type State = { info: PushInfo; mine: string | null } | null;

export function PushToggle({ matchID, credentials }: { matchID: string; credentials: string }) {
  const { t, lang } = useI18n();
  const [state, setState] = useState<State>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  // Why push cannot work in this browser (private window, no push service, blocked), said up front.
  const block = pushBlock();

  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([pushInfo(matchID, credentials), currentEndpoint().catch(() => null)]).then(
      ([info, mine]) => live && setState({ info, mine }),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [matchID, credentials]);

  if (!state) return loadFailed ? <p className="error small">{t('push.error.load')}</p> : null;
  if (!state.info.publicKey) return null;
  const on = state.mine !== null && state.info.endpoints.includes(state.mine);

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (on) {
        const info = await turnOffPush(matchID, credentials, state.mine!);
        setState({ info, mine: state.mine });
        setMessage({ kind: 'ok', text: t('push.off') });
      } else {
        const info = await turnOnPush(matchID, credentials, state.info.publicKey!, lang === 'no' ? 'nb' : 'en');
        setState({ info, mine: await currentEndpoint() });
        setMessage({ kind: 'ok', text: t('push.on') });
      }
    } catch (err) {
      const why = pushFailure(err);
      const code = err instanceof ApiError ? err.code : 'generic';
      setMessage({
        kind: 'error',
        text: why
          ? t(`push.why.${why}`)
          : (limitText(t, err) ?? t(`push.error.${['push_refused', 'push_off'].includes(code) ? code : 'generic'}`)),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="field push-toggle" data-testid="push-toggle" data-on={on ? 'true' : 'false'}>
      <span>{t('push.title')}</span>
      {block === null ? (
        <button type="button" onClick={toggle} disabled={busy} aria-pressed={on} data-testid="push-button">
          {on ? t('push.turnOff') : t('push.turnOn')}
        </button>
      ) : (
        <small className="muted" data-testid="push-why" data-why={block}>
          {t(`push.why.${block}`)}
        </small>
      )}
      <small className="muted">{t('push.hint')}</small>
      {message && (
        <p className={message.kind === 'ok' ? 'ok small' : 'error small'} role="status">
          {message.text}
        </p>
      )}
    </div>
  );
}
