/**
 * The top bar's line about the match: the round, the side that acts now and the phase. The side is
 * read with the engine's `actor`, the one function the banner and the action panel act on, so the top
 * bar can never name one side while another is asked to decide (a reaction window in another side's
 * turn, 9. April's steps taken in turn, a combat's defender).
 */
import { actor, type Faction, type FactionView } from '@kon/game';
import type { T } from '../../../i18n';

export interface MatchStatusLine {
  round: string;
  /** The side that must decide now; null when the game is over. */
  acting: Faction | null;
  /** "Germany's turn", or "Norway to answer" when the side acts inside another side's turn. */
  actingText: string;
  phase: string;
}

export function matchStatus(G: FactionView, t: T): MatchStatusLine {
  const a = actor(G as never);
  const round = G.april9 ? t('status.april9') : t('status.round', { n: G.round });
  const phase = G.april9 ? t(`a9step.${G.april9.step}`) : t(`phase.${G.phase}`);
  if (!a) return { round, acting: null, actingText: t('banner.over'), phase };
  const f = t(`faction.${a.faction}`);
  // On 9. April the sides take the steps in turn: whoever acts has the turn. Otherwise a side acting
  // in another's turn is answering it (sabotage, a defence, losses, a retreat).
  const own = !!G.april9 || a.faction === G.turn;
  return { round, acting: a.faction, actingText: own ? t('status.turn', { f }) : t('status.answers', { f }), phase };
}
