/**
 * "Notifications" in the top bar of a match: this member's own webhook (Discord or Slack) and e-mail
 * for "your move" messages while they are away. Private to the member; the server says what it offers
 * (no SMTP server configured: no e-mail, and the dialog says so).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, ApiError, type NotificationInfo } from '../api';
import { useI18n } from '../i18n';
import { PushToggle } from '../push/PushToggle';
import { limitText } from '../refusal-text';

export function NotificationButton({ matchID, credentials }: { matchID: string; credentials: string }) {
  const { t, lang } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const [info, setInfo] = useState<NotificationInfo | null>(null);
  const [webhookUrl, setWebhookUrl] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [open, setOpen] = useState(false);

  // The settings could not be read (the dialog says so until they are).
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    setMessage(null);
    setLoadFailed(false);
    api.notifications(matchID, credentials).then(
      (i) => {
        setInfo(i);
        setWebhookUrl(i.settings.webhookUrl ?? '');
        setEmail(i.settings.email ?? '');
      },
      () => setLoadFailed(true),
    );
  }, [open, matchID, credentials]);
  const shown = message ?? (loadFailed ? { kind: 'error', text: t('notify.error.load') } : null);
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal?.();
    if (!open && d?.open) d.close();
  }, [open]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const next = await api.setNotifications(matchID, credentials, {
        webhookUrl: webhookUrl.trim() || null,
        email: email.trim() || null,
        lang: lang === 'no' ? 'nb' : 'en',
      });
      setInfo(next);
      setMessage({ kind: 'ok', text: t('notify.saved') });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'network';
      const known = ['invalid_body', 'webhook_refused', 'email_off', 'rate_limited'];
      setMessage({ kind: 'error', text: limitText(t, err) ?? t(`notify.error.${known.includes(code) ? code : 'generic'}`) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="ghost notify-button" onClick={() => setOpen(true)} data-testid="notify-open">
        {t('notify.button')}
      </button>
      <dialog
        ref={dialog}
        className="notify-dialog"
        onClose={() => setOpen(false)}
        aria-labelledby="notify-title"
        data-testid="notify-dialog"
      >
        <form onSubmit={save}>
          <h2 id="notify-title">{t('notify.title')}</h2>
          <p className="muted">{t('notify.intro')}</p>
          {open && <PushToggle matchID={matchID} credentials={credentials} />}
          <label className="field">
            <span>{t('notify.webhook')}</span>
            <input
              type="url"
              name="webhookUrl"
              value={webhookUrl}
              onChange={(e) => setWebhookUrl(e.target.value)}
              placeholder="https://discord.com/api/webhooks/…"
              disabled={info ? !info.available.webhook : false}
              maxLength={2000}
            />
            <small className="muted">{info && !info.available.webhook ? t('notify.webhookOff') : t('notify.webhookHint')}</small>
          </label>
          <label className="field">
            <span>{t('notify.email')}</span>
            <input
              type="email"
              name="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={info ? !info.available.email : false}
              maxLength={254}
              autoComplete="email"
            />
            {info && !info.available.email && (
              <small className="muted" data-testid="notify-email-off">
                {t('notify.emailOff')}
              </small>
            )}
          </label>
          <p className="muted small">{t('notify.private')}</p>
          {shown && (
            <p className={shown.kind === 'ok' ? 'ok' : 'error'} role="status">
              {shown.text}
            </p>
          )}
          <div className="row">
            <button type="submit" className="primary" disabled={busy || !info}>
              {t('notify.save')}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              {t('notify.close')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
