/** Small shared pieces: dice faces, faction badges, steppers, card faces. */
import { useI18n } from '../../../i18n';
import { cardInfo, isBasicEffect } from '../game/data';

export { FactionBadge } from '../../../ui/FactionBadge';

const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};
export function Die({ value, fromCard = false }: { value: number; fromCard?: boolean }) {
  return (
    <svg
      className={`die ${value === 6 ? 'six' : ''} ${fromCard ? 'card-die' : ''}`}
      viewBox="0 0 40 40"
      width="30"
      height="30"
      role="img"
      aria-label={String(value)}
      data-die={value}
    >
      <rect x="1.5" y="1.5" width="37" height="37" rx="8" />
      {(PIPS[value] ?? []).map(([cx, cy], i) => (
        <circle key={i} cx={cx * 10} cy={cy * 10} r="3.6" />
      ))}
    </svg>
  );
}

export function Stepper({
  value,
  min,
  max,
  onChange,
  label,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  label: string;
}) {
  return (
    <span className="stepper" role="group" aria-label={label}>
      <button type="button" onClick={() => onChange(Math.max(min, value - 1))} disabled={value <= min} aria-label="−1">
        −
      </button>
      <output aria-live="polite">{value}</output>
      <button type="button" onClick={() => onChange(Math.min(max, value + 1))} disabled={value >= max} aria-label="+1">
        +
      </button>
    </span>
  );
}

export function Symbols({ n }: { n: number }) {
  const { t } = useI18n();
  return (
    // A row of stars read as one picture: its name says how many (aria-label alone is not allowed on a span).
    <span className="symbols" role="img" title={t('hand.symbols', { n })} aria-label={t('hand.symbols', { n })}>
      {Array.from({ length: n }, (_, i) => (
        <svg key={i} viewBox="0 0 12 12" width="11" height="11" aria-hidden>
          <path d="M6 0.8 L7.5 4.3 L11.3 4.6 L8.4 7.1 L9.3 10.8 L6 8.8 L2.7 10.8 L3.6 7.1 L0.7 4.6 L4.5 4.3 Z" />
        </svg>
      ))}
    </span>
  );
}

/** One action card as the hand shows it. */
export function CardFace({
  instance,
  playable,
  children,
  compact = false,
  symbols = true,
  copies,
}: {
  instance: string;
  /** Identical copies shown as this one card (with a count); every copy's id is on the element. */
  copies?: readonly string[];
  playable?: boolean;
  children?: React.ReactNode;
  compact?: boolean;
  /** Show the reinforcement symbols (not in a scenario without reinforcements, where they mean nothing). */
  symbols?: boolean;
}) {
  const { t, lang } = useI18n();
  const info = cardInfo(instance, lang);
  const effects = info.effects.filter((e) => isBasicEffect(e.kind));
  // The name in the reader's language; in English the printed Norwegian name beneath it (the rulebook's
  // cards use that one; the log writes it in brackets after the English name, game/cardNames.ts).
  const title = lang === 'en' ? info.titleEn : info.title;
  const subtitle = lang === 'en' && info.titleEn !== info.title ? info.title : null;
  return (
    <article
      className={`card f-${info.faction} ${playable ? 'playable' : ''}`}
      data-card={instance}
      data-lesson-target={`card:${instance}`}
      data-copies={(copies ?? [instance]).join(' ')}
      aria-label={copies && copies.length > 1 ? `${title} ×${copies.length}` : title}
    >
      <header>
        <div>
          <h4 className="card-title">
            {title}
            {copies && copies.length > 1 && (
              <span className="hand-count" data-testid="card-count" title={t('hand.copies', { n: copies.length })}>
                ×{copies.length}
              </span>
            )}
          </h4>
          {subtitle && (
            <div className="card-title-en" lang="nb">
              {subtitle}
            </div>
          )}
        </div>
        {symbols && <Symbols n={info.symbols} />}
      </header>
      {playable && <div className="playable-tag">{t('hand.playable')}</div>}
      {!compact && (
        <ul className="card-effects">
          {effects.length === 0 && <li className="muted">{t('hand.noEffect')}</li>}
          {effects.map((e, i) => (
            <li key={i}>
              <span className="timing">{t(`card.timing.${e.kind}`)}</span> {e.text}
            </li>
          ))}
        </ul>
      )}
      {!compact && info.notes.length > 0 && (
        <ul className="card-notes">
          {info.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      {children && <footer>{children}</footer>}
    </article>
  );
}
