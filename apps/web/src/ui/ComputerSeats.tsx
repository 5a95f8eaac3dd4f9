/**
 * Computer players in the seats: the choice per seat when a match is made, the marks the sides panel
 * shows, and the buttons to hand an absent player's seat to the computer or take one's own back.
 */
import { useEffect, useState } from 'react';
import type { Faction } from '@kon/game';
import { api, ApiError, type BotStrength, type MatchInfo, type SeatBots, type SeatKey } from '../api';
import { FACTIONS_OF_SEAT } from '../games/kon/game/presence';
import { useI18n } from '../i18n';
import { SeatBadges } from './Chrome';
import { apiErrorText } from '../refusal-text';

export const STRENGTHS: BotStrength[] = ['easy', 'normal'];

/** The computer strengths as a select's options (a game's own levels, else every strength). */
function StrengthOptions({ strengths = STRENGTHS }: { strengths?: readonly BotStrength[] }) {
  const { t } = useI18n();
  return (
    <>
      {strengths.map((k) => (
        <option key={k} value={k}>
          {t(`bots.computer.${k}`)}
        </option>
      ))}
    </>
  );
}
/**
 * Home page: who plays each of the other seats (every seat when the creator only watches, `mine`
 * null), a person by invite link or the computer.
 */
export function OpponentChoices({
  seats,
  mine,
  bots,
  onChange,
  strengths,
}: {
  seats: readonly SeatKey[];
  mine: SeatKey | null;
  bots: SeatBots;
  onChange(b: SeatBots): void;
  /** The strengths the game offers (default: every strength). */
  strengths?: readonly BotStrength[];
}) {
  const { t } = useI18n();
  const others = seats.filter((s) => s !== mine);
  return (
    <fieldset data-testid="opponents">
      <legend>{t(mine ? 'bots.others' : 'bots.all')}</legend>
      {others.map((s) => (
        <label key={s} className="opponent-choice" data-seat={s}>
          <SeatBadges seat={s} />
          <select
            value={bots[s] ?? 'person'}
            onChange={(e) => {
              const v = e.target.value;
              const { [s]: _old, ...rest } = bots;
              onChange(v === 'person' ? rest : { ...rest, [s]: v as BotStrength });
            }}
            aria-label={t('bots.whoPlays', { seat: t(`seat.${s}`) })}
          >
            <option value="person">{t('bots.person')}</option>
            <StrengthOptions {...(strengths ? { strengths } : {})} />
          </select>
        </label>
      ))}
      <small className="muted">{t('bots.othersHint')}</small>
    </fieldset>
  );
}

/** Only the bot choices for seats of this plan other than the creator's own (none when watching). */
export function botsForPlan(bots: SeatBots, seats: readonly SeatKey[], mine: SeatKey | null): SeatBots {
  return Object.fromEntries(Object.entries(bots).filter(([s]) => s !== mine && seats.includes(s as SeatKey))) as SeatBots;
}

export type ComputerMarks = Partial<Record<Faction, { strength: BotStrength; thinking: boolean }>>;

/** Which factions the computer plays, and whether it is deciding now. */
export function computerMarks(info: MatchInfo | null, thinking: Record<string, boolean>): ComputerMarks {
  const out: ComputerMarks = {};
  for (const [seat, b] of Object.entries(info?.bots ?? {}) as [SeatKey, { strength: BotStrength }][]) {
    const playerIDs = info?.seats.find((s) => s.seat === seat)?.playerIDs ?? [];
    for (const f of FACTIONS_OF_SEAT[seat]) out[f] = { strength: b.strength, thinking: playerIDs.some((p) => thinking[p]) };
  }
  return out;
}

/** The side panel's mark for a computer seat. */
export function ComputerTag({ faction, mark }: { faction: Faction; mark: { strength: BotStrength; thinking: boolean } }) {
  const { t } = useI18n();
  return (
    <span className={`computer-tag ${mark.thinking ? 'thinking' : ''}`} data-testid={`computer-${faction}`} data-thinking={mark.thinking}>
      {t(`bots.computer.${mark.strength}`)}
      {mark.thinking && <em className="thinking-dots"> {t('bots.thinking')}</em>}
    </span>
  );
}

/**
 * The other seats the server would let this member hand to the computer now: those whose handOverAt
 * (the server's rule: not in the waiting room, nobody of the seat here, away long enough) has come.
 */
export function seatsToHandOver(info: MatchInfo, now: number) {
  const mine = info.you.role === 'member' ? info.you.seat : undefined;
  if (!mine || info.gameover) return [];
  return info.seats.filter((s) => s.seat !== mine && !info.bots?.[s.seat] && s.handOverAt != null && s.handOverAt <= now);
}

/** Now, rendered again when the next of these times comes (null and past ones are ignored). */
function useNowUntil(times: readonly (number | null | undefined)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = Math.min(...times.filter((x): x is number => x != null && x > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const id = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now(), 2 ** 31 - 1) + 50);
    return () => clearTimeout(id);
  }, [next]);
  return now;
}

/** Match page: hand an absent seat to the computer, or take one's own seat back. Members only. */
export function ComputerSeatControls({
  matchID,
  info,
  credentials,
  onInfo,
}: {
  matchID: string;
  info: MatchInfo;
  credentials: string;
  onInfo(i: MatchInfo): void;
}) {
  const { t } = useI18n();
  const [strength, setStrength] = useState<BotStrength>('easy');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const now = useNowUntil(info.seats.map((s) => s.handOverAt));
  const mine = info.you.role === 'member' ? info.you.seat : undefined;
  if (!mine || info.gameover) return null;
  const bots = info.bots ?? {};
  const absent = seatsToHandOver(info, now);
  const mineHeld = bots[mine];
  if (!mineHeld && absent.length === 0) return null;
  const run = async (f: () => Promise<MatchInfo>) => {
    setBusy(true);
    setError(null);
    try {
      onInfo(await f());
    } catch (e) {
      setError(
        e instanceof ApiError && t(`bots.error.${e.code}`) !== `bots.error.${e.code}` ? t(`bots.error.${e.code}`) : apiErrorText(t, e),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="panel computer-seats" data-testid="computer-seats">
      {mineHeld && (
        <div className="computer-row">
          <span>{t('bots.playsYours', { strength: t(`bots.computer.${mineHeld.strength}`) })}</span>
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => run(() => api.takeSeatBack(matchID, mine, credentials))}
            data-testid="take-back"
          >
            {t('bots.takeBack')}
          </button>
        </div>
      )}
      {absent.length > 0 && (
        <>
          <p className="muted small">{t('bots.absentHint')}</p>
          <label className="computer-row">
            <span>{t('bots.strength')}</span>
            <select value={strength} onChange={(e) => setStrength(e.target.value as BotStrength)}>
              <StrengthOptions />
            </select>
          </label>
          {absent.map((s) => (
            <div key={s.seat} className="computer-row">
              <SeatBadges seat={s.seat} />
              <button
                type="button"
                disabled={busy}
                onClick={() => run(() => api.handToComputer(matchID, s.seat, strength, credentials))}
                data-testid={`hand-over-${s.seat}`}
              >
                {t('bots.handOver', { seat: t(`seat.${s.seat}`) })}
              </button>
            </div>
          ))}
        </>
      )}
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
