/** What every page has around it: the top bar with the brand and language switch, and seat badges. */
import type { Faction } from '@kon/game';
import { useEffect, useState } from 'react';
import { api, type SeatKey } from '../api';
import { useI18n } from '../i18n';
import { FactionBadge } from './FactionBadge';
import { syncAccountMatches, useAccount } from '../account/session';

/** "Sign in", or the signed-in account's name: both lead to the account pages. */
function AccountEntry({ navigate, besideYou }: { navigate: (to: string) => void; besideYou: boolean }) {
  const { t } = useI18n();
  const account = useAccount();
  const accountId = account?.id;
  useEffect(() => {
    // Signed in on this device: the account's matches from its other devices come into this browser's list.
    if (accountId) void syncAccountMatches(false);
  }, [accountId]);
  if (account === undefined) return null;
  // Beside a match's "you" menu a phone has no room for it (styles: .account-entry.beside-you).
  return (
    <a
      href="/account"
      className={besideYou ? 'account-entry beside-you' : 'account-entry'}
      title={t('account.entry.title')}
      data-testid="account-entry"
      onClick={(e) => {
        e.preventDefault();
        navigate('/account');
      }}
    >
      {account ? account.name : t('account.entry')}
    </a>
  );
}

function LangSwitch() {
  const { t, lang, setLang } = useI18n();
  return (
    // The visible name of the other language is the button's name (a different aria-label would hide it
    // from speech input); its own language tag lets a screen reader say it right.
    <button
      type="button"
      className="lang-switch"
      onClick={() => setLang(lang === 'no' ? 'en' : 'no')}
      title={t('lang.label')}
      lang={lang === 'no' ? 'en' : 'nb'}
      data-testid="lang-switch"
    >
      {t('lang.switch')}
    </button>
  );
}

export function TopBar({
  children,
  navigate,
  you,
  title,
}: {
  children?: React.ReactNode;
  navigate: (to: string) => void;
  you?: React.ReactNode;
  /** The game's name on a match of another game (else the site's, Kampen om Norge). */
  title?: string | undefined;
}) {
  const { t } = useI18n();
  return (
    <header className="topbar">
      <a
        href="/"
        className="brand"
        onClick={(e) => {
          e.preventDefault();
          navigate('/');
        }}
      >
        <svg viewBox="0 0 32 32" width="26" height="26" aria-hidden>
          <rect width="32" height="32" rx="6" fill="#e9e4d8" />
          <path d="M9 26 L13 6 L17 14 L21 9 L24 26 Z" fill="#1f2a33" />
          <circle cx="21" cy="9" r="2.5" fill="#c8501e" />
        </svg>
        <span>{title ?? t('app.title')}</span>
      </a>
      <div className="topbar-middle">{children}</div>
      {you}
      <AccountEntry navigate={navigate} besideYou={!!you} />
      <LangSwitch />
    </header>
  );
}

export function SeatBadges({ seat }: { seat: SeatKey }) {
  const { t } = useI18n();
  const factions: Faction[] = seat === 'norway+allies' ? ['norway', 'allies'] : seat.startsWith('player') ? [] : [seat as Faction];
  return (
    <span className="seat-badges" title={t(`seat.${seat}`)}>
      {factions.map((f) => (
        <FactionBadge key={f} faction={f} />
      ))}
      {/* A numbered seat (a game whose seats are alike) has no faction: its name instead. */}
      {factions.length === 0 && <span className="seat-name">{t(`seat.${seat}`)}</span>}
    </span>
  );
}

/** Which rules a match uses (or which scenario), as a line the waiting room and the invite page show. */
export function RulesetTag({ ruleset, scenario }: { ruleset: string | undefined; scenario?: string | undefined }) {
  const { t, lang } = useI18n();
  const r = ruleset === 'advanced' ? 'advanced' : 'basic';
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!scenario) return;
    api.scenarios().then(
      (l) => setName(l.find((s) => s.id === scenario)?.name[lang] ?? scenario),
      () => setName(scenario),
    );
  }, [scenario, lang]);
  if (scenario)
    return (
      <p className="ruleset-tag ruleset-scenario" data-testid="ruleset" data-ruleset={r} data-scenario={scenario}>
        {t('scenario.tag')}: <strong>{name ?? scenario}</strong>
      </p>
    );
  return (
    <p className={`ruleset-tag ruleset-${r}`} data-testid="ruleset" data-ruleset={r}>
      {t('home.ruleset')}: <strong>{t(`home.ruleset.${r}`)}</strong>
    </p>
  );
}
