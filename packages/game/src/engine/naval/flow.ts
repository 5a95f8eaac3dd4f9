/**
 * Who decides what at sea, as a stage of flow.ts's `actor()`: the interception decisions and the
 * sailing-on of a task force, the order of naval combats, and each step of a naval combat.
 */
import type { GameState } from '../model/state.js';
import { NAVAL_STAGES, isNavalStage, type Actor, type NavalStage } from '../model/stage.js';
import { pendingInterception } from './movement.js';
import { chaser } from './combat.js';
import { enemySide } from './ships.js';

export { NAVAL_STAGES, isNavalStage, type NavalStage };

export function navalActor(G: GameState): Actor | null {
  const n = G.naval;
  if (!n) return null;
  if (n.force) {
    const p = pendingInterception(G);
    return p ? { faction: p.side, stage: 'intercept' } : { faction: n.force.owner, stage: 'sailOn' };
  }
  const c = n.combat;
  if (c) {
    switch (c.step) {
      case 'volunteer':
        return { faction: c.volunteers[0]!, stage: 'navalVolunteer' };
      case 'attackerCards':
        return { faction: c.attacker, stage: 'navalAttackerCards' };
      case 'defenderCards':
        return { faction: enemySide(c.attacker), stage: 'navalDefenderCards' };
      case 'counter':
        return { faction: c.attacker, stage: 'navalCounter' };
      case 'void':
        return { faction: 'allies', stage: 'navalVoid' };
      case 'chase':
        return { faction: chaser(G)!, stage: 'navalChase' };
      case 'done':
        return null;
    }
  }
  if (G.phase === 'combat' && n.engagements.length > 0 && !G.combat) return { faction: G.turn, stage: 'navalCombat' };
  return null;
}
