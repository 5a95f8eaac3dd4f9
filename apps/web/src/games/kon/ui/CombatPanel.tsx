import type { CombatReport, SideReport } from '../game/combatReport';
import { cardName } from '../game/cardNames';
import { areaName } from '../game/data';
import { useI18n } from '../../../i18n';
import { Die, FactionBadge } from './Pieces';

const STEPS = ['attackerCards', 'defenderCards', 'counter', 'losses', 'evacuate', 'retreat'] as const;

export function CombatPanel({ report }: { report: CombatReport }) {
  const { t } = useI18n();
  const area = areaName(report.area);
  return (
    <section
      className={`panel combat-panel ${report.live ? 'live' : 'done'}`}
      aria-label={t('combat.title', { area })}
      data-testid="combat-panel"
    >
      <h3>{t('combat.title', { area })}</h3>
      {report.live && (
        <ol className="combat-steps">
          {STEPS.filter((s) => s !== 'evacuate' || report.step === 'evacuate').map((s) => (
            <li key={s} className={s === report.step ? 'current' : ''}>
              {t(`combat.step.${s}`)}
            </li>
          ))}
        </ol>
      )}
      <div className="combat-sides">
        <Side
          title={t('combat.attacker')}
          side={report.attackerSide}
          winner={report.winner === 'attacker'}
          report={report}
          which="attacker"
        />
        <div className="versus" aria-hidden>
          ⚔
        </div>
        <Side
          title={t('combat.defender')}
          side={report.defenderSide}
          winner={report.winner === 'defender'}
          report={report}
          which="defender"
        />
      </div>
      {report.winner && report.attackerSide.roll && (
        <p className="combat-winner" data-testid="combat-winner">
          {t('combat.winner', { side: report.winner === 'attacker' ? t('combat.attacker') : t('combat.defender') })}
        </p>
      )}
      {!report.attackerSide.roll && <p className="muted small">{t('combat.noRoll')}</p>}
      <p className="muted small">{t('combat.rule')}</p>
    </section>
  );
}

function Side({
  title,
  side,
  winner,
  report,
  which,
}: {
  title: string;
  side: SideReport;
  winner: boolean;
  report: CombatReport;
  which: 'attacker' | 'defender';
}) {
  const { t, lang } = useI18n();
  const cardDiceCount = side.cards.filter((c) => !c.cancelled).reduce((s, c) => s + c.dice, 0);
  return (
    <div className={`combat-side ${winner ? 'winner' : ''}`} data-side={which}>
      <h4>
        {title}
        {winner && <span className="win-mark"> ✓</span>}
      </h4>
      <div className="side-factions">
        {(side.factions.length > 0 ? side.factions : []).map((f) => (
          <FactionBadge key={f} faction={f} />
        ))}
      </div>
      <div>{t('combat.battalions', { n: side.battalions })}</div>
      {which === 'attacker' && report.groups.length > 0 && (
        <ul className="groups">
          {report.groups.map((g) => (
            <li key={g.id}>
              {g.count} {g.from ? t('combat.from', { area: areaName(g.from) }) : ''} · {t(`combat.route.${g.route}`)}
            </li>
          ))}
        </ul>
      )}
      <ul className="dice-sources">
        {side.battalionDice !== null && <li>{t('combat.diceFromBattalions', { n: side.battalionDice })}</li>}
        {side.cards.map((c) => (
          <li key={c.card} className={c.cancelled ? 'cancelled' : ''}>
            {c.dice > 0 ? t('combat.diceFromCard', { card: cardName(c.card, lang), n: c.dice }) : cardName(c.card, lang)}
            {c.cancels && <span className="muted"> – {t('combat.cancels', { card: cardName(c.cancels, lang) })}</span>}
            {c.cancelled && <span className="tag">{t('combat.cancelled')}</span>}
          </li>
        ))}
      </ul>
      {side.roll && (
        <>
          <div className="dice-row" data-testid={`dice-${which}`}>
            {side.roll.map((d, i) => (
              <Die
                key={i}
                value={d}
                fromCard={side.battalionDice !== null && i >= side.battalionDice && i < side.battalionDice + cardDiceCount}
              />
            ))}
          </div>
          <div className="total">{t('combat.total', { n: side.total ?? 0 })}</div>
          {(side.sixes ?? 0) > 0 && <div className="hits">{t('combat.hits', { n: side.sixes ?? 0 })}</div>}
        </>
      )}
    </div>
  );
}
