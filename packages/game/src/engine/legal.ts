/**
 * The legal actions of any state for any faction: the client offers exactly these, the random-game
 * tests and bots choose among them. Candidates are generated per action and kept when `isLegal`.
 */
import type { AreaId, Faction } from '../types.js';
import { AREA_IDS, neighbours } from '../board/index.js';
import { cardDef } from '../cards/index.js';
import type { GameState } from './state.js';
import { actor, reinforcementsAvailable } from './flow.js';
import { unmoved, count, areasOf } from './forces.js';
import { EFFECTS } from './effects.js';
import { ACTION_TYPES, HANDLERS_STAGES, isLegal, landingPairs, type Action, type ActionType } from './actions.js';
import { attackerGroups, defenderGroups, pendingLossDecision } from './combat.js';
import { APRIL9_SCHEMAS, april9Candidates, type April9ActionType } from './april9/actions.js';
import { NAVAL_SCHEMAS, navalCandidates, type NavalActionType } from './naval/actions.js';

/** All ways to spread `total` over groups, each at most its count. */
function splits(groups: { key: string; count: number }[], total: number): Record<string, number>[] {
  if (groups.length === 0) return total === 0 ? [{}] : [];
  const [first, ...rest] = groups;
  const out: Record<string, number>[] = [];
  for (let k = Math.min(first!.count, total); k >= 0; k--)
    for (const s of splits(rest, total - k)) out.push(k > 0 ? { [first!.key]: k, ...s } : s);
  return out;
}
function subsets<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << xs.length; mask++) out.push(xs.filter((_, i) => mask & (1 << i)));
  return out;
}
const range = (n: number) => Array.from({ length: Math.max(0, n) }, (_, i) => i + 1);

function candidates(G: GameState, f: Faction, type: ActionType): unknown[] {
  if (type in APRIL9_SCHEMAS) return april9Candidates(G, f, type as April9ActionType);
  if (type in NAVAL_SCHEMAS) return navalCandidates(G, f, type as NavalActionType);
  switch (type as Exclude<ActionType, April9ActionType | NavalActionType>) {
    case 'move':
      return Object.keys(G.units).flatMap((from) =>
        neighbours(from).flatMap((to) => range(unmoved(G, from, f)).map((n) => ({ from, to, count: n }))),
      );
    case 'playCard':
      return G.hands[f].flatMap((card) =>
        cardDef(card).effects.flatMap((e, effect) =>
          EFFECTS[e.kind].candidates(G, f).map((params) => ({ card, effect, ...params })),
        ),
      );
    case 'pass':
    case 'endPhase':
      return [{}];
    case 'chooseCombat':
      return [...new Set(G.attacks.map((a) => a.target))].map((area) => ({ area }));
    case 'chooseLosses': {
      const d = pendingLossDecision(G);
      const c = G.combat;
      if (!d || !c || !c.hits) return [];
      return d.kind === 'attackerSplit'
        ? splits(attackerGroups(G, c), c.hits.attacker).map((losses) => ({ losses }))
        : splits(defenderGroups(G, c), c.hits.defender).map((losses) => ({ losses }));
    }
    case 'answerLosses':
      return [{ accept: true }, { accept: false }];
    case 'retreat':
      return (G.combat?.retreat?.options ?? []).map((to) => ({ to }));
    case 'trade':
      return subsets(G.hands[f]).map((cards) => ({ cards }));
    case 'place': {
      const n = reinforcementsAvailable(G);
      return AREA_IDS.flatMap((area: AreaId) =>
        range(n).flatMap((k) => (f === 'germany' ? [{ area, count: k }, { area, count: k, byAir: true }] : [{ area, count: k }])),
      );
    }
    case 'land':
      return landingPairs(G).map((areas) => ({ areas }));
    case 'discard':
      return G.hands[f].map((card) => ({ card }));
    case 'withdraw': {
      const prompt = G.prompts[G.prompts.length - 1];
      if (prompt?.kind !== 'withdraw') return [];
      const groups = areasOf(G, f).map((a) => ({ key: a, count: count(G, a, f) }));
      return splits(groups, prompt.count).map((s) => ({
        removals: Object.entries(s).map(([area, n]) => ({ area, count: n })),
      }));
    }
  }
}

export function legalActions(G: GameState, f: Faction): Action[] {
  const a = actor(G);
  if (!a || a.faction !== f) return [];
  const out: Action[] = [];
  for (const type of ACTION_TYPES) {
    if (!HANDLERS_STAGES[type].includes(a.stage)) continue;
    for (const args of candidates(G, f, type)) {
      const action = { type, args } as Action;
      if (isLegal(G, f, action)) out.push(action);
    }
  }
  return out;
}
