/**
 * The Allied deck runs out (EN 5.2 / 6.1): besides four battalions the Allies remove five ships, at
 * most one mindre skip and one tung krysser; the rest battleships and carriers if they have them.
 */
import { NAVAL_RULES, ship } from '../../cards/advanced.js';
import type { GameState } from '../model/state.js';
import { ensure } from '../kernel/errors.js';
import { log } from '../kernel/log.js';
import { takeOff } from './ships.js';

/** Allied ships that could be withdrawn: on the board and any still held back. */
export function withdrawableShips(G: GameState): string[] {
  return [...G.ships.filter((s) => s.owner === 'allies').map((s) => s.id), ...G.shipReserve.allies];
}
export function shipsToWithdraw(G: GameState): number {
  return Math.min(NAVAL_RULES.alliedWithdrawal.ships, withdrawableShips(G).length);
}

const limitOf = (type: string): number =>
  NAVAL_RULES.alliedWithdrawal.atMost[type as keyof typeof NAVAL_RULES.alliedWithdrawal.atMost] ?? Infinity;

/** A choice obeys the limits, or breaks them only because no unlimited ship is left to take. */
export function checkWithdrawal(G: GameState, ids: readonly string[], count: number): void {
  const all = withdrawableShips(G);
  ensure(new Set(ids).size === ids.length && ids.every((id) => all.includes(id)), 'bad-ship', 'choose Allied ships, each once');
  ensure(ids.length === count, 'bad-withdrawal', `remove exactly ${count} ships`);
  const byType = new Map<string, number>();
  for (const id of ids) byType.set(ship(id).type, (byType.get(ship(id).type) ?? 0) + 1);
  const over = [...byType].some(([t, k]) => k > limitOf(t));
  const unlimitedLeft = all.some((id) => !ids.includes(id) && limitOf(ship(id).type) === Infinity);
  ensure(
    !over || !unlimitedLeft,
    'bad-withdrawal',
    'at most one mindre skip and one tung krysser: the rest must be battleships and carriers while there are any',
  );
}

export function withdraw(G: GameState, ids: readonly string[]): void {
  for (const id of ids) {
    if (G.shipReserve.allies.includes(id)) {
      G.shipReserve.allies = G.shipReserve.allies.filter((x) => x !== id);
      G.shipsGone.removed.push(id);
    } else takeOff(G, id, 'removed');
  }
  log(G, 'allies', 'shipsWithdrawn', { ships: [...ids] });
}

/** A few valid choices for listing legal actions: the limited types first or last, in board order. */
export function withdrawalCandidates(G: GameState, count: number): string[][] {
  const all = withdrawableShips(G);
  const unlimited = all.filter((id) => limitOf(ship(id).type) === Infinity);
  const limited = all.filter((id) => limitOf(ship(id).type) !== Infinity);
  const onePerLimitedType: string[] = [];
  for (const id of limited) if (!onePerLimitedType.some((x) => ship(x).type === ship(id).type)) onePerLimitedType.push(id);
  const out = [
    [...unlimited, ...limited].slice(0, count),
    [...new Set([...onePerLimitedType, ...unlimited, ...limited])].slice(0, count),
    [...[...unlimited].reverse(), ...limited].slice(0, count),
  ];
  return out.filter((c, i) => out.findIndex((d) => d.join() === c.join()) === i);
}

/** When the Allied deck runs out in the advanced game: ask for the ships (answered before the battalions). */
export function pushShipWithdrawal(G: GameState): void {
  if (G.ruleset !== 'advanced') return;
  const count = shipsToWithdraw(G);
  if (count > 0) G.prompts.push({ kind: 'withdrawShips', faction: 'allies', count });
}
