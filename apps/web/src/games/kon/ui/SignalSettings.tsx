/**
 * The "signals" control in a player's top bar: a sound when it becomes your move, and browser
 * notifications while the tab is hidden. Both start off; notification permission is asked only when
 * the player presses the button here, never on load.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../../i18n';
import { notificationsSupported, playChime, primeSound, useSignalSettings } from '../game/yourMove';

export function SignalSettings() {
  const { t } = useI18n();
  const [settings, save] = useSignalSettings();
  const [open, setOpen] = useState(false);
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    notificationsSupported() ? Notification.permission : 'unsupported',
  );
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const askNotify = async () => {
    if (!notificationsSupported()) return;
    const p = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    setPermission(p);
    save({ ...settings, notify: p === 'granted' });
  };
  const on = settings.sound || (settings.notify && permission === 'granted');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the open menu closes it; its controls are buttons
    <div className="signal-menu" ref={root} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        className="member-toggle signal-toggle"
        aria-expanded={open}
        aria-controls={`${id}-pop`}
        onClick={() => setOpen(!open)}
        data-testid="signals"
        title={t('signal.menu')}
      >
        <Bell on={on} /> <span className="signal-label">{t('signal.short')}</span>
      </button>
      {open && (
        <div id={`${id}-pop`} className="member-pop panel signal-pop" role="group" aria-label={t('signal.menu')}>
          <p className="small muted">{t('signal.intro')}</p>
          <label className="check">
            <input
              type="checkbox"
              checked={settings.sound}
              onChange={(e) => {
                save({ ...settings, sound: e.target.checked });
                if (e.target.checked) {
                  primeSound();
                  playChime();
                }
              }}
              data-testid="signal-sound"
            />{' '}
            {t('signal.sound')}
          </label>
          {permission === 'unsupported' ? (
            <p className="small muted">{t('signal.notify.unsupported')}</p>
          ) : permission === 'denied' ? (
            <p className="small muted">{t('signal.notify.denied')}</p>
          ) : permission === 'granted' ? (
            <label className="check">
              <input
                type="checkbox"
                checked={settings.notify}
                onChange={(e) => save({ ...settings, notify: e.target.checked })}
                data-testid="signal-notify"
              />{' '}
              {t('signal.notify')}
            </label>
          ) : (
            <button type="button" onClick={askNotify} data-action="ask-notify">
              {t('signal.notify.ask')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** A bell, struck through while sound and notifications are off (drawn: emoji fonts are not everywhere). */
function Bell({ on }: { on: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden className="bell">
      <path d="M10 2a5 5 0 0 0-5 5v3.5L3.5 13v1h13v-1L15 10.5V7a5 5 0 0 0-5-5zm-2 13a2 2 0 0 0 4 0z" fill="currentColor" />
      {!on && <path d="M3 3 L17 17" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}
