/**
 * The bot's reading of a position, from public board state only (units and pending attacks): who
 * holds the victory cities, which stacks are exposed, how far battalions are from the fighting.
 * `worth` is the one evaluation every voluntary choice is measured with (see movement.ts).
 */
import type { AreaId, Faction } from '../types.js';
import { enemiesOf } from '../types.js';
import { borderKind, neighbours } from '../board/index.js';
import type { Attack, Forces } from '../engine/model/state.js';
import type { Action } from '../engine/actions.js';
import { EASY_STYLE, type Style } from './style.js';
import { FULL_GAME_GOAL, holds, type Goal } from './goal.js';

/** The full game's victory cities (the advanced game's 9. April choices read these; it has no scenario). */
export const CITIES: readonly AreaId[] = FULL_GAME_GOAL.objectives;
export const isCity = FULL_GAME_GOAL.isObjective;
/** Land steps on the whole board. */
export const distance = FULL_GAME_GOAL.distance;

/**
 * The part of a position the bot reasons about; cheap to copy for "what if". `goal` is what the
 * sides play for (the scenario's condition and region, goal.ts); absent, the full game's.
 */
export interface Board {
  units: Record<AreaId, Forces>;
  attacks: Attack[];
  goal?: Goal;
}
export const goalOfBoard = (b: Board): Goal => b.goal ?? FULL_GAME_GOAL;
export const side = (f: Faction): 'germany' | 'norway-allies' => (f === 'germany' ? 'germany' : 'norway-allies');
export const friendsOf = (f: Faction): Faction[] => (f === 'germany' ? ['germany'] : ['norway', 'allies']);

export const n = (b: Board, a: AreaId, f: Faction) => b.units[a]?.[f] ?? 0;
export const strength = (b: Board, a: AreaId, fs: readonly Faction[]) => fs.reduce((s, f) => s + n(b, a, f), 0);

export function copyBoard(b: Board): Board {
  const units: Record<AreaId, Forces> = {};
  for (const a in b.units) units[a] = { ...b.units[a] };
  return { units, attacks: b.attacks.map((x) => ({ ...x })), ...(b.goal ? { goal: b.goal } : {}) };
}
export function add(b: Board, a: AreaId, f: Faction, k: number): void {
  const forces = (b.units[a] ??= {});
  forces[f] = (forces[f] ?? 0) + k;
  if (forces[f]! <= 0) delete forces[f];
}

/** Chance that `att` dice beat `def` dice (higher sum wins, the defender wins ties); rough table. */
export function winChance(att: number, def: number): number {
  if (att <= 0) return 0;
  if (def <= 0) return 1;
  const d = att - def;
  if (d <= -2) return 0.03;
  if (d === -1) return 0.18;
  if (d === 0) return 0.44;
  if (d === 1) return 0.76;
  if (d === 2) return 0.92;
  return 0.98;
}
/** Battalion dice of the attacks on an area: at most five, those across fjords count half. */
export function attackDice(attacks: readonly Attack[]): number {
  let land = 0;
  let water = 0;
  for (const a of attacks) a.route === 'fjord' ? (water += a.count) : (land += a.count);
  return battalionDice(land, water);
}
/** Dice of battalions attacking over land and across fjords: at most five, those across fjords count half. */
function battalionDice(land: number, water: number): number {
  const l = Math.min(5, land);
  return l + Math.floor(Math.min(5 - l, water) / 2);
}

/**
 * The objectives battalions should head for: those the side does not hold by the goal's rule (in
 * the full game, for Germany every city it does not hold, for Norway and the Allies the German-held
 * ones; in a hold-all scenario, for Norway and the Allies every objective without their battalions,
 * for Germany those with them). Fixed from the position before a decision, so that taking one does
 * not look bad merely because the next target is further away.
 */
export function targetsOf(b: Board, f: Faction): AreaId[] {
  const goal = goalOfBoard(b);
  return goal.objectives.filter((c) => !holds(goal, b.units[c], f));
}

/**
 * How good the position is for faction `f`'s side, in "victory city" units of 10 (by EASY_STYLE's
 * weights unless another style is given), for the board's goal (a "city" below is one of its
 * objectives, held by the goal's rule): cities held (and cities being attacked, by the chance of
 * taking them), minus stacks standing exposed to a stronger enemy next door, minus distance of
 * battalions from the cities that matter; a style may also count attacks staged next to target
 * cities (`reach`) and the enemy's staged against its own (`guard`).
 */
export function worth(b: Board, f: Faction, targets: readonly AreaId[] = targetsOf(b, f), s: Style = EASY_STYLE): number {
  const friends = friendsOf(f);
  const foes = enemiesOf(f);
  const german = f === 'germany';
  const goal = goalOfBoard(b);
  const isCity = goal.isObjective;
  const distance = goal.distance;
  let v = 0;
  for (const c of goal.objectives) {
    const g = n(b, c, 'germany');
    const attacks = b.attacks.filter((x) => x.target === c && x.faction === f);
    const defenders = strength(b, c, foes);
    const held = holds(goal, b.units[c], f);
    if (held) v += s.city;
    else if (attacks.length) v += s.city * winChance(attackDice(attacks), Math.min(5, defenders));
    if (!german && g === 0) v += Math.min(2, strength(b, c, friends)) * s.garrison;
    if (held && s.guard) v -= s.guard * s.city * winChance(reachDice(b, c, foes), Math.min(5, strength(b, c, friends)));
  }
  if (s.reach)
    for (const t of targets) {
      // Already attacked: the attack itself is counted above.
      if (b.attacks.some((x) => x.target === t && x.faction === f)) continue;
      v += s.reach * s.city * winChance(reachDice(b, t, friends), Math.min(5, strength(b, t, foes)));
    }
  // Attacks on ordinary areas: a little for the ground, a little lost for the battalions at risk.
  const seen = new Set<AreaId>();
  for (const x of b.attacks) {
    if (x.faction !== f || seen.has(x.target) || isCity(x.target)) continue;
    seen.add(x.target);
    const on = b.attacks.filter((y) => y.target === x.target && y.faction === f);
    const p = winChance(attackDice(on), Math.min(5, strength(b, x.target, foes)));
    v += s.groundWin * p - (1 - p) * s.groundLoss;
  }
  // An attack with fewer battalion dice than the defenders is a loss foretold: never worth making
  // (this also stops a threatened stack from "escaping" into a hopeless attack).
  const targetsAttacked = new Set(b.attacks.filter((x) => x.faction === f).map((x) => x.target));
  for (const t of targetsAttacked) {
    const on = b.attacks.filter((y) => y.target === t && y.faction === f);
    if (attackDice(on) < Math.min(5, strength(b, t, foes))) v -= s.foretold;
  }
  for (const x of b.attacks)
    if (x.faction === f && isCity(x.target)) {
      const p = winChance(
        attackDice(b.attacks.filter((y) => y.target === x.target && y.faction === f)),
        Math.min(5, strength(b, x.target, foes)),
      );
      v -= (1 - p) * s.cityAttackRisk * x.count;
    }
  for (const a in b.units) {
    const mine = n(b, a, f);
    if (!mine) continue;
    const here = strength(b, a, friends);
    let threat = 0;
    for (const m of neighbours(a)) {
      const e = strength(b, m, foes);
      if (e) threat += borderKind(a, m) === 'fjord' && f !== 'norway' ? Math.floor(e / 2) : e;
    }
    const gap = Math.min(5, threat) - Math.min(5, here);
    if (gap > 0) v -= gap * (isCity(a) ? s.exposedCity : s.exposed) * (mine / here);
    if (targets.length) {
      let d = 99;
      for (const t of targets) d = Math.min(d, distance(a, t));
      v -= s.distance * mine * Math.min(d, 8);
    }
  }
  for (const x of b.attacks)
    if (x.faction === f && targets.length) {
      let d = 99;
      for (const t of targets) d = Math.min(d, distance(x.target, t));
      v -= s.distance * x.count * Math.min(d, 8);
    }
  return v;
}

/** The dice `fs` could bring against `t` next turn from the areas next to it (across a fjord at half). */
export function reachDice(b: Board, t: AreaId, fs: readonly Faction[]): number {
  let land = 0;
  let water = 0;
  for (const m of neighbours(t)) {
    const k = strength(b, m, fs);
    if (k) borderKind(m, t) === 'fjord' ? (water += k) : (land += k);
  }
  return battalionDice(land, water);
}

/** The action that scores highest (the first of equals), or null when there is none. */
export function maxBy<A>(items: readonly A[], score: (a: A) => number): A | null {
  let best: A | null = null;
  let bestScore = -Infinity;
  for (const a of items) {
    const s = score(a);
    if (s > bestScore) {
      best = a;
      bestScore = s;
    }
  }
  return best;
}

/** The legal actions of one type, typed as such. */
export function ofType<T extends Action['type']>(legal: readonly Action[], type: T): Extract<Action, { type: T }>[] {
  return legal.filter((a): a is Extract<Action, { type: T }> => a.type === type);
}
