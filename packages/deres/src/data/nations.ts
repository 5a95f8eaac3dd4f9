/** Each nation's numbers and abilities as data; the engine reads these, never the nation's name. */
import type { NationId } from '../types.js';

export interface NationRules {
  id: NationId;
  /** Added to the defence of its regiments. */
  regimentDefence: number;
  /** Added to its shots each round. */
  extraShots: number;
  /** Added to its movement points. */
  extraMove: number;
  /** Hit chance a fort gives its regiments within one square (never to itself or another shooting fort). */
  fortBonus: number;
  /** Its forts (not castles) may shoot, and never need to reload. */
  fortsShoot: boolean;
  /** Its forts may be upgraded (1 supply + 1 pool regiment, at most as many times as it has forts on the map). */
  fortUpgrades: boolean;
  /** Fort income with all four forts on the map (others get 2). */
  fourFortIncome: number;
  /** Cost of upgrades 1–2 if cheaper than the table. */
  cheapFirstUpgrades: number | null;
  /** Its regiments may spend all movement to go beside an own fort, castle or the capital. */
  recall: boolean;
  /**
   * Buys and moves onto squares holding its own pieces (stacking); a shot hits the top piece. Two stacked
   * regiments beside a target flank it by the general flanking rule (another own regiment beside it).
   */
  stacks: boolean;
  /** Its regiments never reload. */
  regimentsNeverReload: boolean;
  /** Its forts move like regiments. */
  fortsMove: boolean;
}

const BASE: Omit<NationRules, 'id'> = {
  regimentDefence: 0,
  extraShots: 0,
  extraMove: 0,
  fortBonus: 1,
  fortsShoot: false,
  fortUpgrades: false,
  fourFortIncome: 2,
  cheapFirstUpgrades: null,
  recall: false,
  stacks: false,
  regimentsNeverReload: false,
  fortsMove: false,
};

export const NATIONS: Record<NationId, NationRules> = {
  gul: { ...BASE, id: 'gul', regimentDefence: 1, recall: true },
  rod: { ...BASE, id: 'rod', extraShots: 1, fortBonus: 2, fortsShoot: true, fortUpgrades: true },
  lilla: { ...BASE, id: 'lilla', extraMove: 1, fourFortIncome: 3, cheapFirstUpgrades: 3 },
  gronn: { ...BASE, id: 'gronn', stacks: true, regimentsNeverReload: true, fortsMove: true },
};

/** What every nation starts with. */
export const START = { regiments: 12, forts: 4, supplies: 2, setupSupplies: 4 } as const;

/** Colours the board draws each nation in. */
export const NATION_COLOURS: Record<NationId, string> = { gul: '#f0d000', rod: '#cc3311', lilla: '#7d3c98', gronn: '#009e73' };
/** The supply tokens' colour: told apart from every nation's, also by colour-blind eyes (test/colours.test.ts). */
export const SUPPLY_COLOUR = '#fff8e1';
