/**
 * The match's clocks above the sides: each faction's time left (live) or the running decision's time
 * to its deadline (correspondence), ticking once a second, with what happens at zero. The server
 * keeps the real clock; this counts down from the last one it sent.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Faction } from '@kon/game';
import type { ClockSettings, ClockView } from '../../../api';
import { useI18n } from '../../../i18n';
import { FACTIONS } from '../game/data';
import { formatClock, formatSpan, remainingNow } from '../../../game/clockText';
import { FactionBadge } from '../../../ui/FactionBadge';

/** Now, refreshed while a clock runs; and when the last clock arrived. */
export function useTicking(clock: ClockView | null) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock is the trigger: each new clock marks when it arrived
  const receivedAt = useMemo(() => Date.now(), [clock]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!clock?.running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [clock]);
  return { receivedAt, now: Math.max(now, receivedAt) };
}

/** The running clock in the top bar: whose time runs and how much is left. */
export function ClockBadge({ clock }: { clock: ClockView | null }) {
  const { t, lang } = useI18n();
  const { receivedAt, now } = useTicking(clock);
  const f = clock?.running;
  if (!clock || !f) return null;
  const left = remainingNow(clock, f, receivedAt, now) ?? 0;
  return (
    <span className={`clock-badge ${left < 60_000 ? 'low' : ''}`} data-testid="clock-badge" title={t('clock.title')}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden className="clock-icon">
        <circle cx="8" cy="9" r="6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M8 9V5.5M6 1.5h4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <FactionBadge faction={f} label={formatClock(left, lang)} />
    </span>
  );
}

export function ClockPanel({ clock }: { clock: ClockView | null }) {
  const { t, lang } = useI18n();
  const { receivedAt, now } = useTicking(clock);
  if (!clock) return null;
  const shown = FACTIONS.filter((f) => clock.mode === 'live' || clock.running === f);
  const rule =
    clock.mode === 'live'
      ? t('clock.live', { base: formatSpan(clock.baseSeconds ?? 0, lang), inc: clock.incrementSeconds ?? 0 })
      : t('clock.correspondence', { per: formatSpan(clock.decisionSeconds ?? 0, lang) });
  return (
    <section className="panel clocks" aria-label={t('clock.title')} data-testid="clocks" data-mode={clock.mode}>
      <h3>
        {t('clock.title')} <small className="muted">{rule}</small>
      </h3>
      <ul>
        {shown.map((f: Faction) => {
          const left = remainingNow(clock, f, receivedAt, now) ?? 0;
          const running = clock.running === f;
          return (
            <li
              key={f}
              className={`clock-row ${running ? 'running' : ''} ${left < 60_000 && running ? 'low' : ''}`}
              data-faction={f}
              data-testid={`clock-${f}`}
            >
              <FactionBadge faction={f} />
              <span className="clock-time" role="timer" aria-live="off">
                {formatClock(left, lang)}
              </span>
              {clock.flagged.includes(f) && <span className="tag flag-tag">{t('clock.flagged')}</span>}
            </li>
          );
        })}
        {shown.length === 0 && <li className="muted">{t('clock.idle')}</li>}
      </ul>
      <p className="muted small">{t(`clock.atZero.${clock.atZero}`)}</p>
    </section>
  );
}

/** The time control a match was created with, as one line (waiting room). */
export function ClockTag({ clock }: { clock: ClockSettings | undefined }) {
  const { t, lang } = useI18n();
  if (!clock || clock.mode === 'none') return null;
  const rule =
    clock.mode === 'live'
      ? t('clock.live', { base: formatSpan(clock.baseSeconds, lang), inc: clock.incrementSeconds })
      : t('clock.correspondence', { per: formatSpan(clock.decisionSeconds, lang) });
  return (
    <p className="ruleset-tag clock-tag" data-testid="clock-tag" data-mode={clock.mode}>
      {t('home.clock')}: <strong>{t(`home.clock.${clock.mode}`)}</strong>, {rule}. {t(`clock.atZero.${clock.atZero}`)}
    </p>
  );
}
