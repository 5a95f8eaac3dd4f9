/** The combat cards' effects: extra dice for attacker or defender, and cancelling the other side's card. */
import type { Faction } from '../types.js';
import { isAlliedCoast } from '../board/index.js';
import { cardDef, type CardInstanceId } from '../cards/index.js';
import type { Effect, EffectKind } from '../cards/schema.js';
import type { GameState } from './model/state.js';
import { ensure } from './kernel/errors.js';
import { germanAirReaches } from './kernel/queries.js';
import { log } from './kernel/log.js';
import { activeCards, onlyParatroopers, presentInCombat, sideOf, typeTaken } from './combat-dice.js';
import { combat, NONE, type EffectRule } from './effect-rule.js';

export function playInCombat(G: GameState, f: Faction, card: CardInstanceId, effect: number, cancels?: CardInstanceId) {
  const c = G.combat!;
  c.played.push(cancels ? { card, faction: f, side: sideOf(c, f), effect, cancels } : { card, faction: f, side: sideOf(c, f), effect });
}
export function effectIndex(card: CardInstanceId, kind: EffectKind): number {
  return cardDef(card).effects.findIndex((e) => e.kind === kind);
}
export function checkCombatCard(G: GameState, f: Faction, card: CardInstanceId, kind: EffectKind): void {
  const c = combat(G);
  ensure(presentInCombat(G, c, f) || cardDef(card).id === 'al.jagerfly', 'not-in-combat', 'you have no battalions in this combat');
  ensure(
    !typeTaken(c, f, card, effectIndex(card, kind)),
    'card-type-used',
    'your side has already played a card of that type in this combat',
  );
}

export const attackDice: EffectRule<'attackDice'> = {
  stages: ['attackerCards'],
  check(G, f, card, e) {
    const c = combat(G);
    checkCombatCard(G, f, card, 'attackDice');
    if (e.notParatroopersOnly) ensure(!onlyParatroopers(G, c), 'paratroopers-only', 'not when only paratroopers attack');
    if (e.airRange) ensure(germanAirReaches(G, c.area), 'out-of-air-range', 'the combat is out of air range');
    if (e.alliedCoast) ensure(isAlliedCoast(c.area), 'not-allied-coast', 'only on the coast of zones III–VII');
  },
  apply(G, f, card) {
    playInCombat(G, f, card, effectIndex(card, 'attackDice'));
  },
  candidates: () => NONE,
};

export const defenseDice: EffectRule<'defenseDice'> = {
  stages: ['defenderCards'],
  check(G, f, card) {
    checkCombatCard(G, f, card, 'defenseDice');
  },
  apply(G, f, card) {
    playInCombat(G, f, card, effectIndex(card, 'defenseDice'));
  },
  candidates: () => NONE,
};

/** The other side's cards in force that this cancel effect may hit. */
function cancelTargets(G: GameState, f: Faction, e: Extract<Effect, { kind: 'cancel' }>): CardInstanceId[] {
  const c = G.combat;
  if (!c) return [];
  const side = sideOf(c, f);
  return activeCards(c)
    .filter((p) => p.side !== side && e.targets.includes(cardDef(p.card).id))
    .filter((p) => {
      const targetEffect = cardDef(p.card).effects[p.effect];
      return !(targetEffect?.kind === 'attackDice' && targetEffect.immuneToJagerfly);
    })
    .map((p) => p.card);
}
export const cancel: EffectRule<'cancel'> = {
  stages: ['defenderCards', 'counter'],
  check(G, f, card, e, p) {
    const c = combat(G);
    checkCombatCard(G, f, card, 'cancel');
    if (e.attackerOnly) ensure(c.step === 'counter', 'attacker-only', "this card cancels only as the attacker's counter");
    if (e.alliedCoast) ensure(isAlliedCoast(c.area), 'not-allied-coast', 'only on the coast of zones III–VII');
    const targets = cancelTargets(G, f, e);
    ensure(targets.length > 0, 'nothing-to-cancel', 'there is no card in play that this can cancel');
    ensure(p.target === undefined || targets.includes(p.target), 'bad-target', 'that card cannot be cancelled by this one');
  },
  apply(G, f, card, e, p) {
    const target = p.target ?? cancelTargets(G, f, e)[0]!;
    playInCombat(G, f, card, effectIndex(card, 'cancel'), target);
    log(G, f, 'cardCancelled', { card: target, by: card });
  },
  candidates(G, f) {
    const c = G.combat;
    if (!c) return [];
    const side = sideOf(c, f);
    return activeCards(c)
      .filter((p) => p.side !== side)
      .map((p) => ({ target: p.card }));
  },
};
