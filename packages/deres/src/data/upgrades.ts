/** The capital's upgrades 1–8 as data. Totals are after buying upgrade n (index n). */

export interface UpgradeRules {
  n: number;
  /** Supplies it costs (Purple pays NATIONS.lilla.cheapFirstUpgrades for 1–2). */
  cost: number;
  /** Total hit chance from upgrades once this one is bought (the 4th replaces the 1st–3rd's +3 by +4). */
  hitTotal: number;
  /** Total extra shots from upgrades once this one is bought. */
  shotsTotal: number;
  /** +1 defence for all the nation's pieces except the capital, from the 4th on. */
  defence: number;
  /** +1 movement point from the 4th on. */
  move: number;
  /** Longest range in squares: 3, or 4 from the 4th on. */
  range: number;
  /** Indirect fire from the 4th on: shots pass over hills and cliffs (never over enemy pieces). */
  indirect: boolean;
  /** Buying the 8th wins the game. */
  wins: boolean;
  /** The 4th unlocks an invention. */
  unlocksInvention: boolean;
}

function up(n: number, cost: number, hitTotal: number, shotsTotal: number): UpgradeRules {
  const four = n >= 4;
  return {
    n,
    cost,
    hitTotal,
    shotsTotal,
    defence: four ? 1 : 0,
    move: four ? 1 : 0,
    range: four ? 4 : 3,
    indirect: four,
    wins: n === 8,
    unlocksInvention: n === 4,
  };
}

/** UPGRADES[n] for n = 0..8; UPGRADES[0] is the plain capital. */
export const UPGRADES: readonly UpgradeRules[] = [
  { ...up(0, 0, 0, 0), wins: false },
  up(1, 4, 1, 1),
  up(2, 4, 2, 2),
  up(3, 4, 3, 3),
  up(4, 4, 4, 4),
  up(5, 6, 6, 5),
  up(6, 6, 8, 6),
  up(7, 6, 10, 7),
  // The sheet's "the last costs double": 8, twice the 4 of the first four.
  up(8, 8, 10, 7),
];

export const MAX_UPGRADES = 8;

/** The d12 result needed before defence and hit chance, by range in squares (index = squares). */
export const RANGE_TABLE: readonly number[] = [0, 9, 13, 17, 21];

/** Defence of the pieces (before nation, upgrade and height modifiers). */
export const DEFENCE = {
  regiment: 0,
  /** A fort against shots from further than one square; 0 from beside it. */
  fortFar: 2,
  castle: 3,
  /** A capital always has 4, whatever the height or upgrades. */
  capital: 4,
} as const;

/** Hit chance a castle gives own regiments within one square (not itself: a castle has none of its own). */
export const CASTLE_BONUS = 3;
/** Hit chance for flanking and for shooting downhill; defence for being shot at from below. */
export const FLANK_BONUS = 1;
export const DOWNHILL_BONUS = 1;
export const UPHILL_DEFENCE = 1;

/** Fort income: 1 for one or two forts (castles count), 2 for three or four (NATIONS for all four). */
export function fortIncome(forts: number, fourFortIncome: number): number {
  if (forts <= 0) return 0;
  if (forts <= 2) return 1;
  if (forts >= 4) return fourFortIncome;
  return 2;
}

/** Movement points: the capital's 1, then nation, 4th upgrade and invention IX, at most 4. */
export const BASE_MOVE = 1;
export const MAX_MOVE = 4;
/** Shots a round: the capital's 1 plus upgrades and nation. */
export const BASE_SHOTS = 1;
/** Spreading: below this many supplies on the map, throw until there are SPREAD_TO. */
export const SPREAD_BELOW = 8;
export const SPREAD_TO = 10;
export const LOAN = { supplies: 2, regiments: 2, repayEach: 1 } as const;
