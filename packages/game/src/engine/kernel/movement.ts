import type { AreaId, Faction } from '../../types.js';
import { borderKind } from '../../board/index.js';
import type { Attack, GameState } from '../model/state.js';
import { addUnits, hasEnemy } from './forces.js';
import { log } from './log.js';

/** Attacks from the same place by the same route into the same area form one stack. */
export function addAttack(G: GameState, a: Omit<Attack, 'id'>): void {
  const id = `${a.faction}:${a.from ?? a.route}>${a.target}`;
  const existing = G.attacks.find((x) => x.id === id);
  if (existing) existing.count += a.count;
  else G.attacks.push({ id, ...a });
  if (a.from !== null && !G.attackedFrom.includes(a.from)) G.attackedFrom.push(a.from);
}

/**
 * The last step of a move from `from` (already taken out of its area) into `to`: an attack when
 * `to` holds enemies (they wait at the border until combat), otherwise they arrive, spent.
 */
export function moveAlong(G: GameState, f: Faction, from: AreaId, to: AreaId, n: number): void {
  if (hasEnemy(G, to, f)) {
    addAttack(G, { faction: f, target: to, from, route: borderKind(from, to) === 'fjord' ? 'fjord' : 'land', count: n });
    log(G, f, 'attack', { from, to, count: n });
  } else {
    addUnits(G, to, f, n, true);
    log(G, f, 'move', { from, to, count: n });
  }
}
