/**
 * The legal actions of any state for any faction: the client offers exactly these, the random-game
 * tests and bots choose among them. Candidates are generated per action type and kept when a dry run
 * of the action's handler accepts them, so the handlers stay the one statement of each rule.
 */
import type { AreaId, Faction } from '../types.js';
import { AREA_IDS, area as areaData, bordersRedZone, isAlliedCoast, neighbours } from '../board/index.js';
import { inPlay, neighboursInPlay } from './kernel/region.js';
import { cardDef } from '../cards/index.js';
import type { GameState } from './model/state.js';
import { actor, reinforcementsAvailable } from './flow.js';
import type { Stage } from './model/stage.js';
import { unmoved, count, areasOf, hasEnemy } from './kernel/forces.js';
import { isMobilizationSite } from './kernel/queries.js';
import { EFFECTS } from './effects.js';
import type { CardParams } from './model/actions.js';
import { ACTION_TYPES, HANDLERS_STAGES, dryRun, landingPairs, type Action, type ActionType } from './actions.js';
import { RuleError, refusalOf } from './kernel/errors.js';
import { attackerGroups, defenderGroups, pendingLossDecision } from './combat.js';
import { APRIL9_SCHEMAS, april9Candidates, type April9ActionType } from './april9/actions.js';
import { NAVAL_SCHEMAS, navalCandidates, type NavalActionType } from './naval/actions.js';

/** All ways to spread `total` over groups, each at most its count: `splits` without its copying and dead ends. */
function everySplit(groups: { key: string; count: number }[], total: number): Record<string, number>[] {
  const out: Record<string, number>[] = [];
  const taken: number[] = new Array(groups.length).fill(0);
  // Suffix sums: a branch that cannot reach the total with the groups left is not explored.
  const room: number[] = new Array(groups.length + 1).fill(0);
  for (let i = groups.length - 1; i >= 0; i--) room[i] = room[i + 1]! + groups[i]!.count;
  const visit = (i: number, left: number): void => {
    if (i === groups.length) {
      if (left !== 0) return;
      const split: Record<string, number> = {};
      groups.forEach((g, j) => {
        if (taken[j]! > 0) split[g.key] = taken[j]!;
      });
      out.push(split);
      return;
    }
    if (left > room[i]!) return;
    for (let k = Math.min(groups[i]!.count, left); k >= 0; k--) {
      taken[i] = k;
      visit(i + 1, left - k);
    }
    taken[i] = 0;
  };
  visit(0, total);
  return out;
}
/** All ways to spread `total` over groups, each at most its count (as first written; the reference listing uses it). */
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

/** Every candidate worth trying for an action type, in listing order (broad: the reference listing tries them all). */
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
        cardDef(card).effects.flatMap((e, effect) => EFFECTS[e.kind].candidates(G, f).map((params) => ({ card, effect, ...params }))),
      );
    case 'pass':
    case 'endPhase':
      return [{}];
    case 'chooseCombat':
      return [...new Set(G.attacks.map((a) => a.target))].map((area) => ({ area }));
    case 'chooseLosses': {
      const d = pendingLossDecision(G);
      const c = G.combat;
      if (!d || !c?.hits) return [];
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
        range(n).flatMap((k) =>
          f === 'germany'
            ? [
                { area, count: k },
                { area, count: k, byAir: true },
              ]
            : [{ area, count: k }],
        ),
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
    // This is all of perform's turn check (actor(G) is null once the game is over): done once per type.
    if (!HANDLERS_STAGES[type].includes(a.stage)) continue;
    const narrow = NARROW[type];
    const exact = EXACT.has(type);
    for (const args of narrow ? narrow(G, f, a.stage) : candidates(G, f, type)) {
      const action = { type, args } as Action;
      if (exact || accepts(G, f, action)) out.push(action);
    }
  }
  return out;
}

/**
 * Action types whose narrowed list holds only actions the handler accepts, so that no trial run is
 * needed: a move to a neighbour with no more battalions than may still move is all the move handler
 * asks. A check added to such a handler must be added to its list here too (the listing test fails otherwise).
 */
const EXACT: ReadonlySet<ActionType> = new Set(['move']);

type Narrow = (G: GameState, f: Faction, stage: Stage) => unknown[];
/** Whether the handler accepts the action (its turn check already done for this listing). */
const accepts = (G: GameState, f: Faction, action: Action) => refusalOf(() => dryRun(G, f, action, true)) === null;

/**
 * Candidate lists narrowed to the current state, for the action types where the broad list is long
 * and mostly refused. Each must keep every candidate of `candidates` that the handler accepts, in the
 * same order (test/legal-listing.test.ts compares the listing with `legalActionsByTrial`). A narrowing
 * either repeats a cheap check the handler makes first, or tries one representative action for a
 * family that the handler refuses as a whole when it refuses the representative.
 */
const NARROW: { [T in ActionType]?: Narrow } = {
  // Only from areas with battalions that may still move; no intermediate arrays.
  move(G, f) {
    const out: unknown[] = [];
    for (const from in G.units) {
      const here = G.units[from]![f];
      if (!here) continue; // most areas: none of f's battalions, and no need to look at what moved
      const n = here - (G.moved[from]?.[f] ?? 0);
      if (n <= 0) continue;
      for (const to of neighboursInPlay(G, from)) for (let k = 1; k <= n; k++) out.push({ from, to, count: k });
    }
    return out;
  },

  // Only effects playable in this stage, and each effect's parameter sets computed once per listing.
  playCard(G, f, stage) {
    const byKind = new Map<string, CardParams[]>();
    const out: unknown[] = [];
    for (const card of G.hands[f]) {
      cardDef(card).effects.forEach((e, effect) => {
        const rule = EFFECTS[e.kind];
        if (!rule.stages.includes(stage)) return; // the handler's 'wrong-time'
        let params = byKind.get(e.kind);
        if (!params) byKind.set(e.kind, (params = rule.candidates(G, f)));
        for (const p of params) out.push({ card, effect, ...p });
      });
    }
    return out;
  },

  // A set of cards can be traded only if each of its cards can be traded alone.
  trade(G, f) {
    if (G.phase === 'movement' && !G.invasion) return []; // the handler's first check
    const hand = G.hands[f];
    const tradable = hand.filter((card) => accepts(G, f, { type: 'trade', args: { cards: [card] } }));
    if (tradable.length === 0) return [];
    const all = subsets(hand).map((cards) => ({ cards }));
    return tradable.length === hand.length ? all : all.filter((c) => c.cards.every((card) => tradable.includes(card)));
  },

  // Where one battalion may not be placed, more may not either: areas (and Transportfly) are tried
  // with one battalion first. In the basic game the area rules are checked directly, without a trial.
  place(G, f) {
    const n = reinforcementsAvailable(G);
    if (n <= 0) return [];
    if (G.phase === 'movement' && !(G.invasion && f === 'allies')) return []; // the handler's first check
    // Transportfly's slots are checked before any area rule, in every ruleset.
    const ways = f === 'germany' && G.reinforcements.airSlots >= 1 ? [false, true] : [false];
    const out: unknown[] = [];
    for (const area of AREA_IDS) {
      const ok = ways.filter((byAir) =>
        G.ruleset === 'basic'
          ? basicPlacementAllowed(G, f, area, byAir)
          : accepts(G, f, { type: 'place', args: byAir ? { area, count: 1, byAir } : { area, count: 1 } }),
      );
      if (ok.length === 0) continue;
      for (let k = 1; k <= n; k++) for (const byAir of ok) out.push(byAir ? { area, count: k, byAir } : { area, count: k });
    }
    return out;
  },

  chooseLosses(G) {
    const d = pendingLossDecision(G);
    const c = G.combat;
    if (!d || !c?.hits) return [];
    return d.kind === 'attackerSplit'
      ? everySplit(attackerGroups(G, c), c.hits.attacker).map((losses) => ({ losses }))
      : everySplit(defenderGroups(G, c), c.hits.defender).map((losses) => ({ losses }));
  },

  withdraw(G, f) {
    const prompt = G.prompts[G.prompts.length - 1];
    if (prompt?.kind !== 'withdraw') return [];
    const groups = areasOf(G, f).map((a) => ({ key: a, count: count(G, a, f) }));
    return everySplit(groups, prompt.count).map((s) => ({
      removals: Object.entries(s).map(([area, n]) => ({ area, count: n })),
    }));
  },

  // Only the Allies land, once (the handler's first check): otherwise no landing pairs to try.
  land(G, f) {
    return f === 'allies' && !G.alliesLanded ? landingPairs(G).map((areas) => ({ areas })) : [];
  },
};

/**
 * A necessary condition for placing one battalion in the basic game: checkPlacement's area rules as
 * plain tests, so that the listing need not throw for the many areas where placing is refused.
 */
function basicPlacementAllowed(G: GameState, f: Faction, where: AreaId, byAir: boolean): boolean {
  if (!inPlay(G, where)) return false;
  if (byAir) return G.reinforcements.airSlots >= 1 && areaData(where).airfield && count(G, where, 'germany') > 0;
  if (G.phase === 'movement') return isAlliedCoast(where);
  if (hasEnemy(G, where, f)) return false;
  if (f === 'germany') return bordersRedZone(where);
  if (f === 'allies') return isAlliedCoast(where);
  return isMobilizationSite(where) && !G.reinforcements.areas.includes(where);
}

/**
 * The listing as it was first written, kept as the reference for tests: every broad candidate goes
 * through a full trial run (turn check included) that throws a RuleError, with its stack, when refused.
 */
export function legalActionsByTrial(G: GameState, f: Faction): Action[] {
  const a = actor(G);
  if (!a || a.faction !== f) return [];
  const out: Action[] = [];
  for (const type of ACTION_TYPES) {
    if (!HANDLERS_STAGES[type].includes(a.stage)) continue;
    for (const args of candidates(G, f, type)) {
      const action = { type, args } as Action;
      try {
        dryRun(G, f, action);
        out.push(action);
      } catch (e) {
        if (!(e instanceof RuleError)) throw e;
      }
    }
  }
  return out;
}
