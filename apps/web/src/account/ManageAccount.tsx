/** The signed-in account: its name, address, passkeys, matches on every device, sessions, data, deletion. */
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, call } from '../api';
import { refusalText, useI18n } from '../i18n';
import { SeatBadges } from '../ui/Chrome';
import { addPasskey, deviceLabel, passkeysWork } from './passkey';
import { setAccount, syncAccountMatches, takeSeat, type Account, type AccountMatch } from './session';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

export function ManageAccount({ account, navigate }: { account: Account; navigate: Navigate }) {
  const { t, lang } = useI18n();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Run one change; its answer (the account) replaces the shown one. */
  const act = async (fn: () => Promise<Account | null | undefined>) => {
    setBusy(true);
    setProblem(null);
    try {
      const a = await fn();
      if (a !== undefined) setAccount(a);
    } catch (e) {
      if (e instanceof ApiError) setProblem(refusalText(t, e.code));
      else if (e instanceof Error && e.name === 'NotAllowedError') setProblem(t('account.cancelled'));
      else setProblem(t('error.generic'));
    }
    setBusy(false);
  };
  const date = (ms: number) => new Date(ms).toLocaleDateString(lang === 'no' ? 'nb-NO' : 'en-GB');

  return (
    <>
      <section className="panel" data-testid="account">
        <h1>{t('account.title')}</h1>
        <p>{t('account.signedInAs', { name: account.name })}</p>
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <NameForm account={account} busy={busy} act={act} />
        <EmailForm account={account} />
      </section>

      <AccountMatches navigate={navigate} />

      <section className="panel" data-testid="passkeys">
        <h2>{t('account.passkeys')}</h2>
        {account.passkeys.length === 0 ? (
          <p className="muted">{t('account.passkeys.none')}</p>
        ) : (
          <ul className="account-list">
            {account.passkeys.map((p) => (
              <li key={p.id}>
                <span>
                  <strong>{p.label}</strong>
                  <small className="muted">
                    {' '}
                    {t('account.passkey.made', { date: date(p.createdAt) })}
                    {p.lastUsedAt ? ` · ${t('account.passkey.used', { date: date(p.lastUsedAt) })}` : ''}
                  </small>
                </span>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    act(async () => (await call<{ account: Account }>('DELETE', `/api/me/passkeys/${encodeURIComponent(p.id)}`)).account)
                  }
                >
                  {t('account.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        {passkeysWork() && (
          <button type="button" disabled={busy} onClick={() => act(() => addPasskey(deviceLabel()))} data-action="add-passkey">
            {t('account.passkey.add')}
          </button>
        )}
      </section>

      <section className="panel" data-testid="sessions">
        <h2>{t('account.sessions')}</h2>
        <p className="muted">{t('account.sessions.count', { n: account.sessions })}</p>
        <div className="account-buttons">
          <button type="button" disabled={busy} onClick={() => act(() => signedOut('POST', '/api/me/sign-out'))} data-action="sign-out">
            {t('account.signOut')}
          </button>
          <button type="button" disabled={busy} onClick={() => act(() => signedOut('POST', '/api/me/sign-out-everywhere'))}>
            {t('account.signOutEverywhere')}
          </button>
        </div>
      </section>

      <section className="panel" data-testid="your-data">
        <h2>{t('account.data')}</h2>
        <p className="muted">{t('account.data.text')}</p>
        <div className="account-buttons">
          <a className="button" href="/api/me/export" download="kampen-om-norge-account.json">
            {t('account.download')}
          </a>
        </div>
        <DeleteAccount busy={busy} act={act} />
      </section>
    </>
  );
}

type Act = (fn: () => Promise<Account | null | undefined>) => Promise<void>;

/** A request after which this browser is signed out (sign out, sign out everywhere, delete). */
async function signedOut(method: string, path: string): Promise<null> {
  await call(method, path);
  return null;
}

function NameForm({ account, busy, act }: { account: Account; busy: boolean; act: Act }) {
  const { t } = useI18n();
  const [name, setName] = useState(account.name);
  const save = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => (await call<{ account: Account }>('PATCH', '/api/me', { name: name.trim() })).account);
  };
  return (
    <form onSubmit={save} className="account-form inline">
      <label>
        <span>{t('account.name')}</span>
        <input maxLength={24} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || name.trim() === account.name || name.trim().length < 2}>
        {t('account.save')}
      </button>
    </form>
  );
}

function EmailForm({ account }: { account: Account }) {
  const { t, lang } = useI18n();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await call('PUT', '/api/me/email', { email, lang: lang === 'no' ? 'nb' : 'en' });
      setSent(email);
    } catch (err) {
      setProblem(err instanceof ApiError ? refusalText(t, err.code) : t('error.generic'));
    }
  };
  return (
    <div className="account-email">
      <p>{account.email ? t('account.email.is', { email: account.email }) : t('account.email.none')}</p>
      {sent ? (
        <p role="status">{t('account.linkSent', { email: sent })}</p>
      ) : (
        <form onSubmit={send} className="account-form inline">
          <label>
            <span>{account.email ? t('account.email.change') : t('account.email.add')}</span>
            <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <button type="submit" disabled={!email.includes('@')}>
            {t('account.sendLink')}
          </button>
        </form>
      )}
      {problem && <p className="error">{problem}</p>}
    </div>
  );
}

function DeleteAccount({ busy, act }: { busy: boolean; act: Act }) {
  const { t } = useI18n();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" className="danger" onClick={() => setAsking(true)}>
        {t('account.delete')}
      </button>
    );
  return (
    <div className="account-delete" role="group" aria-label={t('account.delete')}>
      <p>{t('account.delete.text')}</p>
      <div className="account-buttons">
        <button
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => act(() => signedOut('DELETE', '/api/me'))}
          data-action="delete-account"
        >
          {t('account.delete.confirm')}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          {t('account.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The account's matches, from every device it is signed in on. */
function AccountMatches({ navigate }: { navigate: Navigate }) {
  const { t } = useI18n();
  const [list, setList] = useState<AccountMatch[] | null>(null);
  useEffect(() => {
    call<{ matches: AccountMatch[] }>('GET', '/api/me/matches').then(
      (r) => setList(r.matches),
      () => setList([]),
    );
    void syncAccountMatches(false);
  }, []);
  const open = async (m: AccountMatch) => {
    try {
      await takeSeat(m);
    } catch {
      /* the match page says what is wrong */
    }
    navigate(`/m/${m.matchID}`);
  };
  return (
    <section className="panel" data-testid="account-matches">
      <h2>{t('account.matches')}</h2>
      {list === null ? (
        <p className="muted">{t('account.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t('account.matches.none')}</p>
      ) : (
        <ul className="account-list">
          {list.map((m) => (
            <li key={`${m.matchID}-${m.seat}`}>
              <span>
                <SeatBadges seat={m.seat} />{' '}
                <small className="muted">{m.over ? t('account.match.over') : t('account.match.running')}</small>
              </span>
              <button type="button" onClick={() => open(m)}>
                {t('account.match.open')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
