/**
 * The account pages (apps/server/src/players): sign in (a passkey, or a link by e-mail), create an
 * account (a name, then a passkey, or an e-mail link), open an e-mail link, and the account itself
 * (ManageAccount.tsx). A chunk of its own: the passkey code loads only here.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, call } from '../api';
import { refusalText, useI18n } from '../i18n';
import { TopBar } from '../ui/Chrome';
import { ManageAccount } from './ManageAccount';
import { deviceLabel, passkeysWork, signInWithPasskey, signUpWithPasskey } from './passkey';
import { afterSignIn, useAccount, type Account } from './session';

type Navigate = (to: string, opts?: { replace?: boolean }) => void;

/** A refusal in words; a passkey prompt the person closed is not an error worth a red line. */
function useProblem() {
  const { t } = useI18n();
  const [problem, setProblem] = useState<string | null>(null);
  const show = (e: unknown) => {
    if (e instanceof ApiError) setProblem(refusalText(t, e.code));
    else if (e instanceof Error && (e.name === 'NotAllowedError' || e.name === 'AbortError')) setProblem(t('account.cancelled'));
    else setProblem(t('error.generic'));
  };
  return [problem, show, () => setProblem(null)] as const;
}

export function AccountPage({ sub, navigate }: { sub: string | undefined; navigate: Navigate }) {
  const { t } = useI18n();
  const account = useAccount();
  let body: React.ReactNode;
  if (sub === 'link') body = <LinkRedeem navigate={navigate} />;
  else if (account === undefined)
    body = (
      <p className="muted" role="status">
        {t('account.loading')}
      </p>
    );
  else if (account) body = <ManageAccount account={account} navigate={navigate} />;
  else if (sub === 'new') body = <SignUp navigate={navigate} />;
  else body = <SignIn navigate={navigate} />;
  return (
    <div className="page">
      <TopBar navigate={navigate} />
      <main className="narrow account-pages">{body}</main>
    </div>
  );
}

async function signedIn(a: Account, navigate: Navigate) {
  await afterSignIn(a);
  navigate('/account', { replace: true });
}

function SignIn({ navigate }: { navigate: Navigate }) {
  const { t, lang } = useI18n();
  const [busy, setBusy] = useState(false);
  const [problem, show, clear] = useProblem();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);

  const passkey = async () => {
    setBusy(true);
    clear();
    try {
      await signedIn(await signInWithPasskey(), navigate);
    } catch (e) {
      show(e);
      setBusy(false);
    }
  };
  const link = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    clear();
    try {
      await call('POST', '/api/account/email-link', { email, lang: lang === 'no' ? 'nb' : 'en' });
      setSent(true);
    } catch (err) {
      show(err);
    }
    setBusy(false);
  };

  return (
    <section className="panel" data-testid="sign-in">
      <h1>{t('account.signIn')}</h1>
      <p>{t('account.signIn.intro')}</p>
      {passkeysWork() && (
        <button type="button" className="primary big" onClick={passkey} disabled={busy} data-action="passkey-sign-in">
          {t('account.signIn.passkey')}
        </button>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <h2>{t('account.signIn.byEmail')}</h2>
      {sent ? (
        <p role="status" data-testid="link-sent">
          {t('account.linkSent', { email })}
        </p>
      ) : (
        <form onSubmit={link} className="account-form">
          <label>
            <span>{t('account.email')}</span>
            <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          <button type="submit" disabled={busy || !email.includes('@')}>
            {t('account.sendLink')}
          </button>
        </form>
      )}
      <p className="account-switch">
        {t('account.noAccount')}{' '}
        <a
          href="/account/new"
          onClick={(e) => {
            e.preventDefault();
            navigate('/account/new');
          }}
        >
          {t('account.create')}
        </a>
      </p>
      <p className="muted small">{t('account.guestNote')}</p>
    </section>
  );
}

function SignUp({ navigate }: { navigate: Navigate }) {
  const { t, lang } = useI18n();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [byEmail, setByEmail] = useState(!passkeysWork());
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, show, clear] = useProblem();
  const nameOk = name.trim().length >= 2;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    clear();
    try {
      if (byEmail) {
        await call('POST', '/api/account/signup/email', { name: name.trim(), email, lang: lang === 'no' ? 'nb' : 'en' });
        setSent(true);
        setBusy(false);
      } else {
        await signedIn(await signUpWithPasskey(name.trim(), deviceLabel()), navigate);
      }
    } catch (err) {
      show(err);
      setBusy(false);
    }
  };

  return (
    <section className="panel" data-testid="sign-up">
      <h1>{t('account.create')}</h1>
      <p>{t('account.create.intro')}</p>
      {sent ? (
        <p role="status" data-testid="link-sent">
          {t('account.linkSent', { email })}
        </p>
      ) : (
        <form onSubmit={submit} className="account-form">
          <label>
            <span>{t('account.name')}</span>
            <input
              autoComplete="username"
              required
              maxLength={24}
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="account-name"
            />
            <small className="muted">{t('account.name.hint')}</small>
          </label>
          {byEmail && (
            <label>
              <span>{t('account.email')}</span>
              <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
          )}
          {problem && (
            <p className="error" role="alert">
              {problem}
            </p>
          )}
          <button
            type="submit"
            className="primary big"
            disabled={busy || !nameOk || (byEmail && !email.includes('@'))}
            data-action="create-account"
          >
            {byEmail ? t('account.create.byEmail') : t('account.create.passkey')}
          </button>
          {passkeysWork() && (
            <button type="button" className="link-button" onClick={() => setByEmail(!byEmail)}>
              {byEmail ? t('account.create.usePasskey') : t('account.create.useEmail')}
            </button>
          )}
        </form>
      )}
      <p className="account-switch">
        {t('account.haveAccount')}{' '}
        <a
          href="/account"
          onClick={(e) => {
            e.preventDefault();
            navigate('/account');
          }}
        >
          {t('account.signIn')}
        </a>
      </p>
    </section>
  );
}

/**
 * /account/link#e_…: the e-mail link, opened once, by a click: a mail scanner that opens links to
 * look at them must not use it up (nor sign itself in).
 */
function LinkRedeem({ navigate }: { navigate: Navigate }) {
  const { t } = useI18n();
  const [token] = useState(() => window.location.hash.slice(1));
  const [refused, show] = useProblem();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // The token leaves the address bar at once (history, screen sharing).
    window.history.replaceState(null, '', '/account/link');
  }, []);
  const problem = refused ?? (/^e_[A-Za-z0-9_-]{32}$/.test(token) ? null : refusalText(t, 'signin_link_invalid'));
  const redeem = async () => {
    setBusy(true);
    try {
      await signedIn((await call<{ account: Account }>('POST', '/api/account/email-link/redeem', { token })).account, navigate);
    } catch (e) {
      show(e);
      setBusy(false);
    }
  };
  return (
    <section className="panel" data-testid="link-redeem">
      <h1>{t('account.signIn')}</h1>
      {problem ? (
        <>
          <p className="error" role="alert">
            {problem}
          </p>
          <button type="button" onClick={() => navigate('/account', { replace: true })}>
            {t('account.signIn')}
          </button>
        </>
      ) : (
        <>
          <p>{t('account.link.text')}</p>
          <button type="button" className="primary big" onClick={redeem} disabled={busy} data-action="redeem-link">
            {busy ? t('account.signingIn') : t('account.link.go')}
          </button>
        </>
      )}
    </section>
  );
}
