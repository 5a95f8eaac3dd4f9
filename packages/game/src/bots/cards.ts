/**
 * Cards outside combat: trading for battalions, discards, and the reaction windows (sabotage,
 * engineers, submarines, fighters). Trading keeps dice cards while it can, since those decide fights.
 */
import { cardDef, symbolsOf } from '../cards/index.js';
import type { FactionView } from '../engine/view.js';
import type { Action } from '../engine/actions.js';
import { goalOf } from './goal.js';
import { effectKind } from './combat.js';

const isDiceCard = (card: string) => cardDef(card).effects.some((e) => e.kind === 'attackDice' || e.kind === 'defenseDice');

/** The trade that buys the most battalions, wasting the fewest symbols and keeping dice cards. */
export function chooseTrade(view: FactionView, legal: readonly Action[]): Action | null {
  const have = view.reinforcements.symbols;
  let best: Action | null = null;
  let bestKey: number[] = [];
  for (const a of legal) {
    if (a.type !== 'trade') continue;
    const symbols = have + a.args.cards.reduce((s, c) => s + symbolsOf(c), 0);
    const battalions = Math.floor(symbols / 3) - Math.floor(have / 3);
    if (battalions <= 0) continue;
    const key = [battalions, -(symbols % 3), -a.args.cards.filter(isDiceCard).length, -a.args.cards.length];
    if (!best || compare(key, bestKey) > 0) {
      best = a;
      bestKey = key;
    }
  }
  return best;
}
function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The card worth least: fewest symbols, not a dice card. */
export function chooseDiscard(legal: readonly Action[]): Action | null {
  let best: Action | null = null;
  let bestKey = Infinity;
  for (const a of legal) {
    if (a.type !== 'discard') continue;
    const key = symbolsOf(a.args.card) + (isDiceCard(a.args.card) ? 3 : 0);
    if (key < bestKey) {
      best = a;
      bestKey = key;
    }
  }
  return best;
}

/**
 * Reaction windows: sabotage only attacks on the objectives (victory cities in the full game); the others (Ingeniørkompani against a
 * sabotage, Ubåt against fresh reinforcements, Jagerfly against a paratrooper) always pay off.
 */
export function reaction(view: FactionView, stage: string, legal: readonly Action[]): Action | null {
  const { isObjective } = goalOf(view.scenario);
  const plays = legal.filter((a) => a.type === 'playCard');
  if (stage === 'sabotage') {
    return (
      plays.find((a) => {
        const kind = effectKind(a);
        if (a.type !== 'playCard' || (kind !== 'roadblock' && kind !== 'blownBridge')) return false;
        const attack = view.attacks.find((x) => x.id === a.args.attack);
        return !!attack && isObjective(attack.target);
      }) ?? null
    );
  }
  if (stage === 'paratroopers') {
    // Divert the paratrooper onto the strongest Norwegian-Allied stack next door (one die against
    // them, the defender winning ties), or at least away from a victory city.
    let best: Action | null = null;
    let bestScore = -Infinity;
    for (const a of plays) {
      if (a.type !== 'playCard' || !a.args.to) continue;
      const here = view.units[a.args.to] ?? {};
      const score = (here.norway ?? 0) + (here.allies ?? 0) - (isObjective(a.args.to) ? 0.5 : 0);
      if (score > bestScore) {
        best = a;
        bestScore = score;
      }
    }
    return best;
  }
  if (stage === 'engineers' || stage === 'submarine') return plays[0] ?? null;
  return null;
}
