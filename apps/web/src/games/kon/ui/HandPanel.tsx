/** The hand of the seat (or seats, in two-player mode) this browser plays: play, trade and discard its cards. */
import { useState } from 'react';
import { useI18n } from '../../../i18n';
import type { Choices } from '../game/choices';
import type { MatchConnection } from '../game/connection';
import { groupHand } from '../game/handGroups';
import type { useActionState } from './action-state';
import { CardFace, Stepper } from './Pieces';
import { FACTION_OF } from './seats';

export function HandPanel({
  send,
  seats,
  actingPid,
  choices,
  actions,
  busy,
  viewSeat,
  setViewSeat,
}: {
  send: (move: string, args: unknown) => void;
  seats: MatchConnection['seats'];
  actingPid: string | null;
  choices: Choices;
  actions: ReturnType<typeof useActionState>;
  busy: boolean;
  viewSeat: number;
  setViewSeat: (i: number) => void;
}) {
  const { t } = useI18n();
  const actingIndex = seats.findIndex((s) => s.playerID === actingPid);
  // A tab picked by hand holds while the same seat acts; when another seat's turn comes, its hand shows.
  const [pickedFor, setPicked] = useState<{ actingPid: string | null; index: number } | null>(null);
  const picked = pickedFor?.actingPid === actingPid ? pickedFor.index : null;
  const index = picked ?? (actingIndex >= 0 ? actingIndex : Math.min(viewSeat, seats.length - 1));
  const seat = seats[index] ?? seats[0]!;
  const faction = FACTION_OF[seat.playerID ?? '0']!;
  const hand = seat.G?.hands[faction] ?? [];
  const isActing = seat.playerID === actingPid;
  const symbols = seat.G?.scenario?.reinforcements ?? true;
  return (
    <section className="panel hand-panel" aria-label={t('hand.title')} data-testid="hand">
      <div className="hand-head">
        <h3>{seats.length > 1 ? t('hand.titleOf', { f: t(`faction.${faction}`) }) : t('hand.title')}</h3>
        {seats.length > 1 && (
          <div className="tabs small" role="tablist">
            {seats.map((s, i) => (
              <button
                key={s.playerID}
                type="button"
                role="tab"
                aria-selected={i === index}
                onClick={() => {
                  setPicked({ actingPid, index: i });
                  setViewSeat(i);
                }}
              >
                {t(`faction.${FACTION_OF[s.playerID ?? '0']}`)}
              </button>
            ))}
          </div>
        )}
      </div>
      {hand.length === 0 && <p className="muted">{t('hand.empty')}</p>}
      <div className="hand-cards">
        {groupHand(hand, symbols).map(({ key, instances }) => {
          // Copies of one card show once, with a count; a play or discard uses the first copy.
          const card = instances[0]!;
          const playable = isActing && choices.cards.has(card);
          const tradeable = instances.filter((c) => isActing && choices.trade.includes(c));
          const discardable = isActing && choices.discard.includes(card);
          const chosen = tradeable.filter((c) => actions.tradeSel.includes(c)).length;
          const chooseTrade = (n: number) =>
            tradeable.forEach((c, i) => {
              if (i < n !== actions.tradeSel.includes(c)) actions.toggleTrade(c);
            });
          return (
            <CardFace key={key} instance={card} copies={instances} playable={playable} symbols={symbols}>
              {playable && (
                <button type="button" className="primary small" onClick={() => actions.playCard(card)} disabled={busy} data-play={card}>
                  {t('act.play')}
                </button>
              )}
              {tradeable.length === 1 && (
                <label className="trade-check">
                  <input type="checkbox" checked={chosen === 1} onChange={() => actions.toggleTrade(tradeable[0]!)} />{' '}
                  {t('hand.tradeSelect')}
                </label>
              )}
              {tradeable.length > 1 && (
                <div className="trade-check">
                  {t('hand.tradeSelect')}{' '}
                  <Stepper value={chosen} min={0} max={tradeable.length} onChange={chooseTrade} label={t('hand.tradeSelect')} />
                </div>
              )}
              {discardable && (
                <button type="button" className="small" onClick={() => send('discard', { card })} disabled={busy}>
                  {t('act.discard')}
                </button>
              )}
            </CardFace>
          );
        })}
      </div>
    </section>
  );
}
