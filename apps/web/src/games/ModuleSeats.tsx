/**
 * The seats of a match of a game other than Kampen om Norge: who plays each (its people, or a
 * computer player and whether it is deciding now), who is here, and each seat's clock when the match
 * has time controls (several run at once while several seats must submit their orders).
 */
import { useEffect, useState } from 'react';
import type { BotStrength, ClockView, MatchInfo, SeatKey } from '../api';
import { useI18n } from '../i18n';
import { formatClock } from '../game/clockText';

/** A seat's time left now, counted down from the clock the server sent (our clock may be off). */
export function seatTimeLeft(clock: ClockView, playerID: string, receivedAt: number, now: number): number | null {
  const c = clock.seats?.[playerID];
  if (!c || c.remainingMs === null) return null;
  return c.running ? Math.max(0, c.remainingMs - (now - receivedAt)) : c.remainingMs;
}

export function ModuleSeats({
  lobby,
  clock,
  thinking,
}: {
  lobby: MatchInfo | null;
  clock: ClockView | null;
  thinking: Record<string, boolean>;
}) {
  const { t, lang } = useI18n();
  // When this clock arrived: its remaining times count down from then.
  const [received, setReceived] = useState(() => ({ clock, at: Date.now() }));
  if (received.clock !== clock) setReceived({ clock, at: Date.now() });
  const receivedAt = received.at;
  const [now, setNow] = useState(() => Date.now());
  const ticking = !!clock?.seats && Object.values(clock.seats).some((c) => c.running);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [ticking]);
  return (
    <ul className="module-seats">
      {lobby?.seats.map((s) => {
        const bot = lobby.bots?.[s.seat] as { strength: BotStrength } | undefined;
        const pid = s.playerIDs[0]!;
        const seatClock = clock?.seats?.[pid];
        const left = clock ? seatTimeLeft(clock, pid, receivedAt, Math.max(now, receivedAt)) : null;
        return (
          <li
            key={s.seat}
            data-seat={s.seat}
            data-connected={s.connected ? 'true' : 'false'}
            data-computer={bot ? bot.strength : undefined}
          >
            {t(`seat.${s.seat}`)}: {bot ? t(`bots.computer.${bot.strength}`) : s.members.map((m) => m.name).join(', ') || t('invite.open')}
            {bot && thinking[pid] ? <span className="muted"> {t('bots.thinking')}</span> : null}
            {s.connected ? ' ●' : ''}
            {seatClock && left !== null && (
              <span
                className={`clock-time ${seatClock.running ? 'running' : ''}`}
                role="timer"
                aria-live="off"
                data-testid={`clock-${s.seat}`}
              >
                {' '}
                ⏱ {formatClock(left, lang)}
              </span>
            )}
            {seatClock?.flagged && <span className="tag flag-tag">{t('clock.flagged')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The server gave this member's seat to the computer because its time ran out (missed deadlines): why, and how to play on. */
export function MissedDeadlines({ info, seat }: { info: MatchInfo | null; seat: SeatKey }) {
  const { t } = useI18n();
  if (info?.bots?.[seat]?.reason !== 'timeout' || info.gameover) return null;
  return (
    <p className="panel" role="status" data-testid="missed-deadlines">
      {t('games.missed')}
    </p>
  );
}
