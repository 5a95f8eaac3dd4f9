/**
 * Land combat decisions: which dice cards to play, how to take losses, where to retreat. Cards are
 * played only when they can still swing the fight (our dice at most one ahead of theirs), so that
 * won or hopeless fights do not eat cards that buy reinforcements later.
 */
import type { Faction } from '../types.js';
import { enemiesOf } from '../types.js';
import { cardDef } from '../cards/index.js';
import type { FactionView } from '../engine/view.js';
import type { Action } from '../engine/actions.js';
import type { Combat } from '../engine/model/state.js';
import { add, attackDice, copyBoard, friendsOf, maxBy, ofType, strength, targetsOf, worth } from './position.js';
import { boardOf } from './movement.js';
import { EASY_STYLE, type Style } from './style.js';

export function effectKind(a: Action): string | null {
  if (a.type !== 'playCard') return null;
  return cardDef(a.args.card).effects[a.args.effect]?.kind ?? null;
}
function effectDice(card: string, effect: number): number {
  const e = cardDef(card).effects[effect] as { kind: string; dice?: number } | undefined;
  return e && (e.kind === 'attackDice' || e.kind === 'defenseDice') ? (e.dice ?? 0) : 0;
}

/** Dice each side would roll now: battalions (capped, fjords halved) plus uncancelled card dice. */
export function combatDice(view: FactionView, c: Combat): { attacker: number; defender: number } {
  const cancelled = new Set(c.played.map((p) => p.cancels).filter(Boolean));
  let att = attackDice(view.attacks.filter((x) => x.target === c.area));
  let def = Math.min(5, strength(boardOf(view), c.area, c.defenders));
  for (const p of c.played) {
    if (cancelled.has(p.card)) continue;
    const d = effectDice(p.card, p.effect);
    if (p.side === 'attacker') att += d;
    else def += d;
  }
  for (const x of c.april9Cards ?? []) att += x.dice;
  return { attacker: att, defender: def };
}

/** In a card window of a land combat: a dice or cancel card if the fight is close, else pass. */
export function combatCard(view: FactionView, f: Faction, legal: readonly Action[], style: Style = EASY_STYLE): Action | null {
  const c = view.combat;
  if (!c) return null;
  const dice = combatDice(view, c);
  const attacking = c.attacker === f;
  const ours = attacking ? dice.attacker : dice.defender;
  const theirs = attacking ? dice.defender : dice.attacker;
  if (ours > theirs + style.cardLead || ours + style.cardBehind < theirs) return null;
  let best: Action | null = null;
  let bestValue = 0;
  for (const a of legal) {
    const kind = effectKind(a);
    if (a.type !== 'playCard' || !kind) continue;
    let value = 0;
    if (kind === 'attackDice' || kind === 'defenseDice') value = effectDice(a.args.card, a.args.effect);
    else if (kind === 'cancel' && a.args.target) {
      const target = c.played.find((p) => p.card === a.args.target);
      value = target ? effectDice(target.card, target.effect) : 0;
    }
    if (value > bestValue) {
      best = a;
      bestValue = value;
    }
  }
  return best;
}

/** Losses: the split that leaves the position best for us (kept attacks, strong city garrisons). */
export function chooseLosses(view: FactionView, f: Faction, legal: readonly Action[], style: Style = EASY_STYLE): Action | null {
  const c = view.combat;
  if (!c) return null;
  const board = boardOf(view);
  const targets = targetsOf(board, f);
  return maxBy(ofType(legal, 'chooseLosses'), (a) => {
    const b = copyBoard(board);
    for (const [key, k] of Object.entries(a.args.losses)) {
      const attack = b.attacks.find((x) => x.id === key);
      if (attack) attack.count -= k;
      else add(b, c.area, key as Faction, -k);
    }
    b.attacks = b.attacks.filter((x) => x.count > 0);
    // Norway proposes for both defenders: judged for the whole side, as Germany judges for its own.
    return worth(b, f, targets, style);
  });
}

/** Retreat to the option where the survivors stand best. */
export function chooseRetreat(view: FactionView, f: Faction, legal: readonly Action[], style: Style = EASY_STYLE): Action | null {
  const c = view.combat;
  if (!c) return null;
  const board = boardOf(view);
  const targets = targetsOf(board, f);
  return maxBy(ofType(legal, 'retreat'), (a) => {
    const b = copyBoard(board);
    for (const g of c.retreat?.factions ?? friendsOf(f)) {
      const k = b.units[c.area]?.[g] ?? 0;
      add(b, c.area, g, -k);
      add(b, a.args.to, g, Math.max(1, k));
    }
    return worth(b, f, targets, style) - 0.01 * enemiesOf(f).reduce((s, e) => s + (b.units[a.args.to]?.[e] ?? 0), 0);
  });
}
