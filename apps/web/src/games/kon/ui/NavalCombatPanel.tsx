/**
 * A naval combat as the land combat panel shows a land one: the two sides' ships, each ship's die
 * with what it did (sink, chase off, miss) and to which enemy ship, the cards played and cancelled,
 * the ships sunk and chased, and the cards their loss voided. Reads only the viewer's view: a ship
 * the viewer may not see arrives as null and is shown as a face-down ship.
 */
import type { NavalCombatView, NavalSide } from '@kon/game';
import { useI18n } from '../../../i18n';
import { cardName } from '../game/cardNames';
import { shipName } from '../game/ships';
import { Die, FactionBadge } from './Pieces';
import { HiddenShips, ShipChip } from './Fleet';

const STEPS = ['volunteer', 'attackerCards', 'defenderCards', 'counter', 'void', 'chase'] as const;
const SIDES: NavalSide[] = ['germany', 'allies'];

export function NavalCombatPanel({ combat, live }: { combat: NavalCombatView; live: boolean }) {
  const { t, lang } = useI18n();
  const rolled = combat.rolls.length > 0;
  return (
    <section
      className={`panel combat-panel naval-panel ${live ? 'live' : 'done'}`}
      aria-label={t('naval.title', { zone: combat.zone })}
      data-testid="naval-panel"
    >
      <h3>{t('naval.title', { zone: combat.zone })}</h3>
      {live && (
        <ol className="combat-steps">
          {STEPS.filter((s) => (s !== 'void' && s !== 'chase') || combat.step === s).map((s) => (
            <li key={s} className={s === combat.step ? 'current' : ''}>
              {t(`naval.step.${s}`)}
            </li>
          ))}
        </ol>
      )}
      <div className="combat-sides">
        {SIDES.map((side, i) => (
          <NavalSideView key={side} combat={combat} side={side} versus={i === 0} />
        ))}
      </div>
      {rolled && (
        <ul className="naval-rolls" data-testid="naval-dice">
          {SIDES.flatMap((side) => combat.rolls.filter((r) => r.side === side)).map((r, i) => (
            <li key={i} data-side={r.side} data-result={r.result ?? 'miss'}>
              <Die value={r.die} fromCard={!!r.by && !r.by.startsWith('ship.')} />
              <FactionBadge faction={r.side} label="" />
              <span className="roll-by">
                {r.by ? (r.by.startsWith('ship.') ? shipName(r.by) : cardName(r.by, lang)) : t('fleet.hiddenShip')}
              </span>
              <span className={`roll-result ${r.result ?? 'miss'}`}>{r.result ? t(`naval.${r.result}`) : t('naval.miss')}</span>
              {r.result && (
                <span className="muted">{t('naval.at', { target: r.target ? (shipName(r.target) ?? '?') : t('fleet.hiddenShip') })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {combat.sunk.length > 0 && (
        <p className="naval-sunk" data-testid="naval-sunk">
          {t('naval.sunk', { list: combat.sunk.map((id) => shipName(id) ?? '?').join(', ') })}
        </p>
      )}
      {combat.chased.length > 0 && <p>{t('naval.chased', { n: combat.chased.length })}</p>}
      {combat.step === 'void' && combat.germanVoidable > 0 && <p>{t('naval.voidable', { n: combat.germanVoidable })}</p>}
      {Object.entries(combat.voided).map(([f, cards]) =>
        cards && cards.length > 0 ? (
          <p key={f} className="naval-voided" data-voided={f}>
            {t('naval.voided', { f: t(`faction.${f}`), n: cards.length })}: {cards.map((c) => cardName(c, lang)).join(', ')}
          </p>
        ) : null,
      )}
      {!rolled && <p className="muted small">{t('naval.noRoll')}</p>}
      <p className="muted small">{t('naval.rule')}</p>
    </section>
  );
}

function NavalSideView({ combat, side, versus }: { combat: NavalCombatView; side: NavalSide; versus: boolean }) {
  const { t, lang } = useI18n();
  const role = combat.attacker === side ? t('combat.attacker') : t('combat.defender');
  const ships = combat.ships[side];
  // Ships turned face down again after the combat: how many, never which.
  const hidden = ships.filter((id) => !id).length;
  const cards = combat.played.filter((p) => (p.side === 'attacker') === (combat.attacker === side));
  const inForce = new Set(combat.played.filter((p) => !combat.played.some((q) => q.cancels === p.card)).map((p) => p.card));
  return (
    <>
      <div className="combat-side" data-side={side}>
        <h4>{role}</h4>
        <div className="side-factions">
          <FactionBadge faction={side} label={t(`naval.${side}`)} />
        </div>
        <ul className="naval-ships">
          {ships
            .filter((id): id is string => !!id)
            .map((id) => (
              <li key={id} className={combat.sunk.includes(id) ? 'sunk' : ''}>
                <ShipChip id={id} compact />
              </li>
            ))}
          {hidden > 0 && (
            <li>
              <HiddenShips owner={side} n={hidden} />
            </li>
          )}
        </ul>
        {cards.length > 0 && (
          <ul className="dice-sources">
            {cards.map((c) => (
              <li key={c.card} className={inForce.has(c.card) ? '' : 'cancelled'}>
                {t('naval.card', { card: cardName(c.card, lang) })}
                {c.cancels && <span className="muted"> – {t('combat.cancels', { card: cardName(c.cancels, lang) })}</span>}
                {!inForce.has(c.card) && <span className="tag">{t('combat.cancelled')}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      {versus && (
        <div className="versus" aria-hidden>
          ⚓
        </div>
      )}
    </>
  );
}
