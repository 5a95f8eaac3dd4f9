/**
 * The strip of side panels above the board: for Germany, Norway and the Allies, who plays it and
 * whether they are here, its cards in hand (a count: a view holds no other side's cards), its
 * battalions on the board and still to place, its ships, its clock, and whether it decides now. On a
 * phone the strip is one row of short chips; a tap opens the whole panels over the map.
 */
import { useState } from 'react';
import { reinforcementsAvailable, type Faction, type FactionView } from '@kon/game';
import type { ClockView } from '../../../api';
import { useI18n } from '../../../i18n';
import { formatClock, remainingNow } from '../../../game/clockText';
import { ComputerTag, type ComputerMarks } from '../../../ui/ComputerSeats';
import { FACTIONS } from '../game/data';
import type { SidePresence } from '../game/presence';
import { reserveCounts } from '../game/ships';
import { useTicking } from './Clocks';
import { FactionBadge } from './Pieces';
import { MemberPresence } from './Presence';

export interface SideFacts {
  hand: number;
  onBoard: number;
  /** Battalions bought this phase and not yet placed (only the side whose reinforcements run). */
  toPlace: number;
  ships: { onBoard: number; reserve: number } | null;
}

/** What the strip says about each side, from the view alone. */
export function sideFacts(G: FactionView): Record<Faction, SideFacts> {
  const reserve = G.ruleset === 'advanced' ? reserveCounts(G) : null;
  const placing = G.phase === 'reinforcement' ? Math.max(0, reinforcementsAvailable(G as never)) : 0;
  const out = {} as Record<Faction, SideFacts>;
  for (const f of FACTIONS) {
    const standing = Object.values(G.units).reduce((s, u) => s + (u[f] ?? 0), 0);
    const attacking = G.attacks.filter((a) => a.faction === f).reduce((s, a) => s + a.count, 0);
    out[f] = {
      hand: G.handSizes[f],
      onBoard: standing + attacking,
      toPlace: G.turn === f ? placing : 0,
      ships: reserve ? { onBoard: (G.ships ?? []).filter((s) => s.owner === f).length, reserve: reserve[f] } : null,
    };
  }
  return out;
}

export interface SideStripProps {
  G: FactionView;
  mine: readonly Faction[];
  /** The side that decides now (its turn, or a reaction it is asked for). */
  acting: Faction | null;
  names?: Partial<Record<Faction, string>>;
  presence?: Partial<Record<Faction, SidePresence>>;
  now?: number;
  computer?: ComputerMarks;
  clock?: ClockView | null;
}

export function SideStrip({ G, mine, acting, names = {}, presence = {}, now = Date.now(), computer = {}, clock = null }: SideStripProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const facts = sideFacts(G);
  const ticking = useTicking(clock);
  const clockOf = (f: Faction) =>
    clock && (clock.mode === 'live' || clock.running === f) ? (remainingNow(clock, f, ticking.receivedAt, ticking.now) ?? 0) : null;
  return (
    <section className={`side-strip sides ${open ? 'open' : ''}`} aria-label={t('side.title')} data-testid="side-strip">
      <button
        type="button"
        className="side-strip-toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="side-strip-toggle"
      >
        {FACTIONS.map((f) => (
          <span key={f} className={`strip-chip ${acting === f ? 'acting' : ''}`} data-faction={f}>
            <FactionBadge faction={f} label={t(`letter.${f}`)} />
            <span>{t('strip.cardsShort', { n: facts[f].hand })}</span>
          </span>
        ))}
        <span className="strip-more">{open ? t('strip.hide') : t('strip.show')}</span>
      </button>
      <ul className="side-panels">
        {FACTIONS.map((f) => (
          <SidePanel
            key={f}
            faction={f}
            facts={facts[f]}
            you={mine.includes(f)}
            acting={acting === f}
            name={names[f]}
            presence={presence[f]}
            now={now}
            computer={computer[f]}
            clockMs={clockOf(f)}
            clockRunning={clock?.running === f}
          />
        ))}
      </ul>
    </section>
  );
}

function SidePanel({
  faction: f,
  facts,
  you,
  acting,
  name,
  presence,
  now,
  computer,
  clockMs,
  clockRunning,
}: {
  faction: Faction;
  facts: SideFacts;
  you: boolean;
  acting: boolean;
  name: string | undefined;
  presence: SidePresence | undefined;
  now: number;
  computer: ComputerMarks[Faction];
  clockMs: number | null;
  clockRunning: boolean;
}) {
  const { t, lang } = useI18n();
  return (
    <li className={`side-row side-panel ${acting ? 'acting' : ''}`} data-faction={f} data-testid={`side-${f}`}>
      <div className="side-head">
        <FactionBadge faction={f} />
        {you && <span className="you-tag">{t('side.you')}</span>}
        {acting && (
          <span className="deciding-tag" data-testid={`deciding-${f}`}>
            {t('strip.deciding')}
          </span>
        )}
        {clockMs !== null && (
          <span className={`strip-clock ${clockRunning ? 'running' : ''}`} role="timer" aria-live="off" data-testid={`strip-clock-${f}`}>
            {formatClock(clockMs, lang)}
          </span>
        )}
      </div>
      {presence ? (
        <span className="side-name" data-testid={`side-name-${f}`}>
          {presence.members.map((m, i) => (
            <MemberPresence key={m.id} member={m} now={now} sep={i > 0} />
          ))}
        </span>
      ) : (
        name && (
          <span className="side-name" data-testid={`side-name-${f}`}>
            {name}
          </span>
        )
      )}
      {/* A computer side whose turn it is is deciding, even for a page that missed the server's kon:thinking. */}
      {computer && <ComputerTag faction={f} mark={{ ...computer, thinking: computer.thinking || acting }} />}
      <span className="side-stats">
        <span data-testid={`hand-size-${f}`}>{t('side.hand', { n: facts.hand })}</span>
        <span data-testid={`units-${f}`}>{t('side.units', { n: facts.onBoard })}</span>
        {facts.toPlace > 0 && <span data-testid={`to-place-${f}`}>{t('strip.toPlace', { n: facts.toPlace })}</span>}
        {facts.ships && (
          <span data-testid={`ships-${f}`}>{t('strip.ships', { n: facts.ships.onBoard, reserve: facts.ships.reserve })}</span>
        )}
      </span>
    </li>
  );
}
