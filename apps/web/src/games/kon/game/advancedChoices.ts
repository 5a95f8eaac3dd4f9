/**
 * The advanced game's decisions, taken from the engine's legal moves exactly as game/choices.ts does
 * for the basic game: nothing here decides what is legal, and every move the UI sends is one of
 * the listed entries, chosen one parameter at a time.
 */
import type { LegalMove } from './choices';

/** Moves of the advanced game (9. April turn and naval), handled by the advanced panel. */
export const ADVANCED_MOVES = [
  'chooseApril9',
  'deploy',
  'placeShip',
  'placeShips',
  'playApril9',
  'deceive',
  'raid',
  'landShips',
  'mobilize',
  'tradeApril9',
  'pullBack',
  'sail',
  'anchor',
  'intercept',
  'recallRaiders',
  'chooseNavalCombat',
  'commitShips',
  'playNavalCard',
  'voidGermanCards',
  'chaseShip',
  'withdrawShips',
] as const;
export type AdvancedMove = (typeof ADVANCED_MOVES)[number];

export type Args = Record<string, unknown>;
export type AdvancedChoices = Map<AdvancedMove, Args[]>;

export function toAdvancedChoices(legal: readonly LegalMove[]): AdvancedChoices {
  const out: AdvancedChoices = new Map();
  const known = new Set<string>(ADVANCED_MOVES);
  for (const m of legal) {
    if (!known.has(m.move)) continue;
    const list = out.get(m.move as AdvancedMove) ?? [];
    list.push((m.args[0] ?? {}) as Args);
    out.set(m.move as AdvancedMove, list);
  }
  return out;
}

/** A parameter's value as a comparable key (arrays of ships compare by content, in order). */
export const keyOf = (v: unknown) => JSON.stringify(v);

export type Step = { kind: 'choose'; key: string; values: unknown[] } | { kind: 'ready'; args: Args } | { kind: 'none' };

export function narrowArgs(options: readonly Args[], chosen: Args): Args[] {
  return options.filter((o) => Object.entries(chosen).every(([k, v]) => keyOf(o[k]) === keyOf(v)));
}

/**
 * The next parameter to decide, in the given order: the first whose legal values still differ.
 * Parameters with one legal value are filled in silently; an option without the parameter counts
 * as one more value ("none"), so a choice that may leave it out offers that too.
 */
export function nextStep(options: readonly Args[], chosen: Args, order: readonly string[]): Step {
  const open = narrowArgs(options, chosen);
  if (open.length === 0) return { kind: 'none' };
  if (open.length === 1) return { kind: 'ready', args: open[0]! };
  const keys = [...order, ...new Set(open.flatMap((o) => Object.keys(o)))].filter((k, i, a) => a.indexOf(k) === i);
  for (const key of keys) {
    if (key in chosen) continue;
    const seen = new Map<string, unknown>();
    for (const o of open) seen.set(keyOf(o[key]), o[key]);
    if (seen.size > 1) return { kind: 'choose', key, values: [...seen.values()] };
  }
  return { kind: 'ready', args: open[0]! };
}

/** Does a chosen set (order ignored) match a legal option's list under `key`? Returns that option. */
export function matchSet(options: readonly Args[], key: string, chosen: readonly string[]): Args | undefined {
  const want = [...chosen].sort().join('|');
  return options.find((o) => [...((o[key] as string[]) ?? [])].sort().join('|') === want);
}

/** Every value a list parameter takes in the options (e.g. every card of any legal subset). */
export function members(options: readonly Args[], key: string): string[] {
  return [...new Set(options.flatMap((o) => (o[key] as string[]) ?? []))];
}
