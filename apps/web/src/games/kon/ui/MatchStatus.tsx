/** The top bar's match line: round · the side that acts now · phase (see game/matchStatus.ts). */
import type { FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { matchStatus } from '../game/matchStatus';
import { FactionBadge } from '../../../ui/FactionBadge';

export function MatchStatus({ G }: { G: FactionView }) {
  const { t } = useI18n();
  const s = matchStatus(G, t);
  return (
    <span className="match-status" data-testid="match-status" data-acting={s.acting ?? ''}>
      <span className="ms-round">{s.round}</span>
      <span className="sep ms-round" aria-hidden>
        ·
      </span>
      {s.acting ? <FactionBadge faction={s.acting} label={s.actingText} /> : <span>{s.actingText}</span>}
      <span className="sep ms-phase" aria-hidden>
        ·
      </span>
      <span className="ms-phase">{s.phase}</span>
    </span>
  );
}
