/**
 * Coming into a match by a link: a seat link or a co-commander link (join), or a recovery link (this
 * member's seat on another device). A browser that already holds a seat in the match goes straight to
 * it: it never joins twice, and never takes a second seat.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { api, ApiError, remember, remembered, saveName, savedName, type MatchInfo } from '../api';
import { useI18n } from '../i18n';
import { SeatBadges, TopBar } from './Chrome';
import { NameField } from './FormParts';
import { apiErrorText } from '../refusal-text';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

/** The token in the link's fragment, read once and taken out of the address bar (and history). */
function useLinkToken(): string {
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  return token;
}

export function JoinPage({ matchID, navigate, prefetch }: { matchID: string; navigate: Navigate; prefetch?: () => void }) {
  const { t } = useI18n();
  const token = useLinkToken();
  const [name, setName] = useState(savedName);
  const [info, setInfo] = useState<MatchInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState(false);
  const [busy, setBusy] = useState(false);
  // The link did not open a seat (none in the address, or the server does not know it).
  const [badLink, setBadLink] = useState(false);
  const already = !!remembered(matchID)?.member;
  useEffect(() => prefetch?.(), [prefetch]);

  useEffect(() => {
    // A returning member (this browser holds a seat here): straight into the match, whatever link.
    if (already) {
      navigate(`/m/${matchID}`, { replace: true });
      return;
    }
    if (!token) {
      setBadLink(true);
      return;
    }
    let current = true;
    api
      .get(matchID, token)
      .then((i) => {
        if (!current) return;
        setInfo(i);
        if (i.you.role === 'seat-link' && i.you.claimed) setTaken(true);
      })
      .catch(() => current && setBadLink(true));
    return () => {
      current = false;
    };
  }, [already, matchID, token, navigate]);

  const watch = () => {
    // A claimed seat link still shows the board as a spectator sees it (never a hand).
    remember(matchID, { spectatorToken: token });
    navigate(`/m/${matchID}/watch`);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      saveName(name.trim());
      const joined = await api.join(matchID, token, name.trim());
      remember(matchID, { member: joined });
      navigate(`/m/${matchID}`, { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'seat_taken') setTaken(true);
      else if (err instanceof ApiError && err.code === 'already_member') setError(t('join.otherSeat'));
      else if (err instanceof ApiError && err.status === 404) setError(t('join.badLink'));
      else setError(apiErrorText(t, err));
    }
  };

  const seat = (info && 'seat' in info.you ? info.you.seat : null) ?? null;
  const co = info?.you.role === 'co-link';
  const holder = co ? info?.seats.find((s) => s.seat === seat)?.members.find((m) => m.role === 'holder')?.name : undefined;
  if (already) return null;

  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow">
        {taken ? (
          <section className="panel" data-testid="seat-taken">
            <h1>{t('join.taken.title')}</h1>
            {seat && (
              <p className="join-seat">
                <SeatBadges seat={seat} /> {t('join.taken.text', { seat: t(`seat.${seat}`) })}
              </p>
            )}
            <p className="muted">{t('join.taken.hint')}</p>
            <button type="button" className="primary big" onClick={watch} data-action="watch">
              {t('join.taken.watch')}
            </button>
          </section>
        ) : (
          <form className="panel" onSubmit={submit}>
            <h1>{co ? t('join.co.title') : t('join.title')}</h1>
            {seat && (
              <p className="join-seat">
                <SeatBadges seat={seat} />{' '}
                {co ? t('join.co.as', { seat: t(`seat.${seat}`), name: holder ?? '?' }) : t('join.as', { seat: t(`seat.${seat}`) })}
              </p>
            )}
            <NameField value={name} onChange={setName} />
            {(error ?? badLink) && <p className="error">{error ?? t('join.badLink')}</p>}
            <button type="submit" className="primary big" disabled={busy || !name.trim() || !seat}>
              {t('join.submit')}
            </button>
          </form>
        )}
      </main>
    </div>
  );
}

/** A recovery link: this member's seat on this device, once; a button, so that a link preview cannot use it up. */
export function RecoverPage({ matchID, navigate }: { matchID: string; navigate: Navigate }) {
  const { t } = useI18n();
  const token = useLinkToken();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const already = remembered(matchID)?.member;

  const restore = async () => {
    setBusy(true);
    setError(null);
    try {
      const joined = await api.recover(matchID, token);
      remember(matchID, { member: joined });
      saveName(joined.name);
      navigate(`/m/${matchID}`, { replace: true });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'already_member') setError(t('join.otherSeat'));
      else if (err instanceof ApiError && err.status === 404) setError(t('recover.used'));
      else setError(t('error.generic'));
    }
  };

  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow">
        <section className="panel" data-testid="recover">
          <h1>{t('recover.title')}</h1>
          {already ? (
            <>
              <p>{t('recover.already')}</p>
              <button type="button" className="primary big" onClick={() => navigate(`/m/${matchID}`, { replace: true })}>
                {t('invite.toMatch')}
              </button>
            </>
          ) : (
            <>
              <p>{t('recover.text')}</p>
              {error && <p className="error">{error}</p>}
              <button type="button" className="primary big" onClick={restore} disabled={busy || !token} data-action="recover">
                {t('recover.submit')}
              </button>
            </>
          )}
        </section>
      </main>
    </div>
  );
}
