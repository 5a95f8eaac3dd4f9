/** The account in a match's "you" menu (a phone's top bar has no room for the top bar's own entry). */
import { useI18n } from '../i18n';
import { useAccount } from './session';

export function AccountMenuItem() {
  const { t } = useI18n();
  const account = useAccount();
  if (account === undefined) return null;
  return (
    <>
      <p className="small account-menu-item">
        {account ? t('account.signedInAs', { name: account.name }) : t('account.guestHere')}{' '}
        <a href="/account" data-testid="account-menu-link">
          {account ? t('account.entry.title') : t('account.entry')}
        </a>
      </p>
      <hr />
    </>
  );
}
