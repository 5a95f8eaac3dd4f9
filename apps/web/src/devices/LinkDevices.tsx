/**
 * "Your other devices": make a link that puts this device's "My matches" on another phone or computer
 * (and theirs here), and, on the device that opens such a link, redeem it. No account, no password.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { pushToArrivedMatches } from '../push/pushDevice';
import { isLinked, linkInHash, makeDeviceLink, redeemDeviceLink, syncList, type Entry } from './linkedList';

export function LinkDevices({ onChanged }: { onChanged: () => void }) {
  const { t, lang } = useI18n();
  // Matches from the other devices: listed here, and pushed here too if this device has push on.
  const arrived = (list: Entry[]) => {
    if (list.length === 0) return;
    onChanged();
    void pushToArrivedMatches(
      list.map((e) => ({ matchID: e.matchID, credentials: e.member.credentials })),
      lang === 'no' ? 'nb' : 'en',
    ).catch(() => undefined);
  };
  const [link, setLink] = useState<{ link: string; expiresAt: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{
    kind: 'ok' | 'error';
    text: 'devices.linked' | 'devices.error.redeem' | 'devices.error.make';
  } | null>(null);
  // The latest `arrived` (it calls the page's newest onChanged), for the one redemption below.
  const arrivedNow = useRef(arrived);
  useLayoutEffect(() => {
    arrivedNow.current = arrived;
  });

  useEffect(() => {
    const found = linkInHash(window.location.hash);
    if (found) {
      // The code is used up either way: out of the address bar (and the history) at once.
      window.history.replaceState(null, '', window.location.pathname);
      setBusy(true);
      redeemDeviceLink(found.code, found.key)
        .then((list) => {
          setMessage({ kind: 'ok', text: 'devices.linked' });
          arrivedNow.current(list);
        })
        .catch(() => setMessage({ kind: 'error', text: 'devices.error.redeem' }))
        .finally(() => setBusy(false));
    } else if (isLinked()) {
      syncList()
        .then((list) => arrivedNow.current(list))
        .catch(() => {
          /* offline or unlinked: the list here still shows */
        });
    }
  }, []);

  const make = async () => {
    setBusy(true);
    setMessage(null);
    try {
      setLink(await makeDeviceLink(window.location.origin));
    } catch {
      setMessage({ kind: 'error', text: 'devices.error.make' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel link-devices" data-testid="link-devices" data-linked={isLinked() ? 'true' : 'false'}>
      <h2>{t('devices.title')}</h2>
      <p className="muted small">{t('devices.intro')}</p>
      {link ? (
        <label className="field">
          <span>{t('devices.linkLabel')}</span>
          <input readOnly value={link.link} data-testid="device-link" onFocus={(e) => e.currentTarget.select()} />
          <small className="muted">{t('devices.linkHint')}</small>
        </label>
      ) : (
        <button type="button" onClick={make} disabled={busy} data-testid="make-device-link">
          {t('devices.make')}
        </button>
      )}
      {message && (
        <p className={message.kind === 'ok' ? 'ok small' : 'error small'} role="status">
          {t(message.text)}
        </p>
      )}
    </section>
  );
}
