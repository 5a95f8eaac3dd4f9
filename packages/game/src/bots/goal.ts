/**
 * What the sides play for, read from the scenario the view carries (public: ScenarioRules), so a
 * new scenario file needs no bot code. Two kinds of condition exist (scenarios/schema.ts victory):
 *
 * - 'cities' (the full game): the victory cities; a city is Germany's while a German battalion
 *   stands in it, otherwise the other side's.
 * - 'holdAll' (Scenario 1 Narvik, Scenario 2 Gudbrandsdalen): Norway and the Allies must have
 *   battalions in every objective when the game ends; an objective without them is Germany's
 *   (empty or German), so Germany needs only one of them.
 *
 * The region in play matters too: distances are walked inside it only, since nothing may leave it.
 */
import type { AreaId, Faction } from '../types.js';
import { AREA_IDS, neighbours, victoryCities } from '../board/index.js';
import type { ScenarioRules } from '../scenarios/schema.js';

export interface Goal {
  readonly kind: 'cities' | 'holdAll';
  /** The areas that decide the game. */
  readonly objectives: readonly AreaId[];
  readonly isObjective: (a: AreaId) => boolean;
  /** Land steps between areas inside the region in play (99 when one cannot reach the other). */
  readonly distance: (a: AreaId, b: AreaId) => number;
}

type Forces = Partial<Record<Faction, number>>;

/** Whether `f`'s side holds objective `a` by the goal's rule, given the battalions standing there. */
export function holds(goal: Goal, here: Forces | undefined, f: Faction): boolean {
  const german = (here?.germany ?? 0) > 0;
  const allied = (here?.norway ?? 0) + (here?.allies ?? 0) > 0;
  if (goal.kind === 'cities') return f === 'germany' ? german : !german;
  return f === 'germany' ? !allied : allied;
}

/**
 * Breadth-first land distances from every area, walking only areas `inPlay` admits. The table is
 * built at the first question, not when the goal is made: the full game's goal is made when this
 * module loads, and a server that plays no computer seat never asks.
 */
function distances(inPlay: (a: AreaId) => boolean): (a: AreaId, b: AreaId) => number {
  let table: Map<AreaId, Map<AreaId, number>> | undefined;
  return (a, b) => (table ??= distanceTable(inPlay)).get(a)?.get(b) ?? 99;
}

function distanceTable(inPlay: (a: AreaId) => boolean): Map<AreaId, Map<AreaId, number>> {
  const table = new Map<AreaId, Map<AreaId, number>>();
  for (const s of AREA_IDS) {
    if (!inPlay(s)) continue;
    const d = new Map<AreaId, number>([[s, 0]]);
    const queue = [s];
    while (queue.length) {
      const a = queue.shift()!;
      for (const b of neighbours(a))
        if (inPlay(b) && !d.has(b)) {
          d.set(b, d.get(a)! + 1);
          queue.push(b);
        }
    }
    table.set(s, d);
  }
  return table;
}

function makeGoal(kind: Goal['kind'], objectives: readonly AreaId[], region: readonly AreaId[] | null): Goal {
  const set = new Set(objectives);
  const inRegion = region ? new Set(region) : null;
  return { kind, objectives, isObjective: (a) => set.has(a), distance: distances((a) => !inRegion || inRegion.has(a)) };
}

/** The full game's goal (also a view without a scenario). */
export const FULL_GAME_GOAL: Goal = makeGoal('cities', victoryCities(), null);

const cache = new Map<string, Goal>();
/** Views and states are copied often; the same rules object skips building the key again. */
const byObject = new WeakMap<object, Goal>();

/** The goal of a scenario's rules (null/undefined: the full game). Built once per distinct condition and region. */
export function goalOf(scenario: Pick<ScenarioRules, 'victory' | 'region'> | null | undefined): Goal {
  if (!scenario) return FULL_GAME_GOAL;
  const { victory, region } = scenario;
  if (victory.kind === 'victoryCities' && !region) return FULL_GAME_GOAL;
  const known = byObject.get(scenario);
  if (known) return known;
  const key = JSON.stringify([victory, region]);
  let goal = cache.get(key);
  if (!goal) {
    goal = victory.kind === 'alliedHoldAll' ? makeGoal('holdAll', [...victory.areas], region) : makeGoal('cities', victoryCities(), region);
    cache.set(key, goal);
  }
  byObject.set(scenario, goal);
  return goal;
}
