/**
 * Teams share a seat: when a teammate's move lands while you are half-way through a choice (a stack
 * picked, a card's targets half chosen), the choice is reset, since it may no longer be legal. Say so,
 * rather than let the selection vanish without a word.
 */
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../i18n';

/**
 * True from the moment the state changed under a half-made choice that this browser did not send a
 * move for, until dismissed or the next choice starts.
 */
export function useCancelledByTeammate(stateKey: string, halfMade: boolean, sentByUs: boolean): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  // What held in the last render before the state changed: the reset of the choice happens after it.
  const before = useRef({ stateKey, halfMade, sentByUs });
  useEffect(() => {
    const b = before.current;
    if (b.stateKey !== stateKey && b.halfMade && !b.sentByUs) setShown(true);
    else if (halfMade) setShown(false);
    before.current = { stateKey, halfMade, sentByUs };
  }, [stateKey, halfMade, sentByUs]);
  return [shown, () => setShown(false)];
}

export function TeamNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useI18n();
  return (
    <span className="team-notice" role="status" data-testid="team-notice">
      {t('team.cancelledAnon')}
      <button type="button" className="small" onClick={onDismiss}>
        {t('team.dismiss')}
      </button>
    </span>
  );
}
