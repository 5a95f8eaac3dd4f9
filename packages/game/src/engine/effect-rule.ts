/** The shape every card effect has (effects.ts, effects-combat.ts), and the checks they share. */
import type { AreaId, Faction } from '../types.js';
import { isArea } from '../board/index.js';
import type { CardInstanceId } from '../cards/index.js';
import type { Effect, EffectKind } from '../cards/schema.js';
import type { GameState } from './model/state.js';
import type { Rng } from './kernel/rng.js';
import type { Stage } from './model/stage.js';
import type { CardParams } from './model/actions.js';
import { ensure } from './kernel/errors.js';

export interface EffectRule<K extends EffectKind> {
  /** The stages (see flow.actor) in which the effect may be played. */
  stages: readonly Stage[];
  /** Throws RuleError when the play is not allowed; changes nothing. */
  check(G: GameState, f: Faction, card: CardInstanceId, e: Extract<Effect, { kind: K }>, p: CardParams): void;
  /** Carries the effect out (the card has already left the hand). */
  apply(G: GameState, f: Faction, card: CardInstanceId, e: Extract<Effect, { kind: K }>, p: CardParams, rng: Rng): void;
  /** Parameter sets worth trying when listing legal moves. */
  candidates(G: GameState, f: Faction): CardParams[];
}

export const NONE: CardParams[] = [{}];
export const combat = (G: GameState) => {
  ensure(G.combat, 'no-combat', 'there is no combat now');
  return G.combat;
};
export const countOf = (p: CardParams, max: number) => {
  const n = p.count ?? 0;
  ensure(Number.isInteger(n) && n >= 1 && n <= max, 'bad-count', `choose 1 to ${max} battalions`);
  return n;
};
export const needArea = (a: AreaId | undefined, what: string): AreaId => {
  ensure(a !== undefined && isArea(a), 'bad-area', `choose ${what}`);
  return a;
};
