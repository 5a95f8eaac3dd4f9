/**
 * How a heuristic player weighs a position: the numbers `worth` (position.ts) and the decision
 * modules read. Easy plays EASY_STYLE; the Normal player starts from a stronger style per faction
 * (normal-style.ts) and searches on top of it. Data, not logic: a style is tuned by playing games
 * (packages/game/scripts/tune-style.ts), never by hand-reasoning alone.
 */
export interface Style {
  /** A victory city held by the side (the unit every other weight is measured in is a tenth of it). */
  readonly city: number;
  /** Norway and the Allies: per battalion (up to two) standing in a city they hold. */
  readonly garrison: number;
  /** An attack on an ordinary area: gained by the chance of winning it, lost by the chance of losing. */
  readonly groundWin: number;
  readonly groundLoss: number;
  /** An attack with fewer dice than the defenders: a loss foretold. */
  readonly foretold: number;
  /** Per attacking battalion, by the chance an attack on a city fails. */
  readonly cityAttackRisk: number;
  /** Per die a stronger enemy next door outnumbers a stack by, in a city and elsewhere. */
  readonly exposedCity: number;
  readonly exposed: number;
  /** Per battalion and step away from the nearest target city (capped at eight steps). */
  readonly distance: number;
  /**
   * Per target city, by the chance the side's battalions next to it could take it next turn
   * (a staged attack), in cities; 0 leaves it out.
   */
  readonly reach: number;
  /** Per city the side holds, by the chance the enemy next to it could take it next turn; 0 leaves it out. */
  readonly guard: number;
  /** A dice card is played while the side's dice are at most `cardLead` ahead of the enemy's and at most `cardBehind` behind. */
  readonly cardLead: number;
  readonly cardBehind: number;
  /**
   * Normal's search only, in a hold-all scenario (clock.ts): per card the faction whose deck ends
   * the game has left to draw, for the side that would lose if it ended now (against the side that
   * would win); absent or 0 leaves it out.
   */
  readonly clock?: number;
  /** The least gain in `worth` a voluntary move must bring. */
  readonly minGain: number;
  /**
   * The Allies in the advanced game (navy.ts): keep an Allied ship in every coastal zone III–VII
   * instead of leaving the ships where 9. April put them, and void every German card a sinking
   * allows. A way of playing, not a weight: tune-style leaves it alone.
   */
  readonly alliedNavy: boolean;
  /**
   * Normal only: whether its search looks ahead in a scenario on part of the board (absent: yes;
   * 'lastRound': only once the game ends soon, endgame.ts; 'toEnd': in every round, each playout
   * played to the game's end and scored by its result, as in the last round). A way of playing, not a weight:
   * tune-style leaves it alone (normal-style.ts says where it is limited).
   */
  readonly scenarioSearch?: boolean | 'lastRound' | 'toEnd';
  /**
   * Weights that replace these in a scenario on part of the board (endgame.ts styleNow), under the
   * last round's: a game of three or four rounds is not the full game's twelve.
   */
  readonly scenario?: Partial<Omit<Style, 'endgame' | 'alliedNavy' | 'scenarioSearch' | 'scenario'>>;
  /** Weights that replace these in the game's last round (endgame.ts), when losses no longer count. */
  readonly endgame?: Partial<Omit<Style, 'endgame' | 'alliedNavy' | 'scenarioSearch' | 'scenario'>>;
}

export const EASY_STYLE: Style = {
  city: 10,
  garrison: 1.5,
  groundWin: 2,
  groundLoss: 1.5,
  foretold: 20,
  cityAttackRisk: 0.3,
  exposedCity: 1.2,
  exposed: 0.6,
  distance: 0.15,
  reach: 0,
  guard: 0,
  cardLead: 1,
  cardBehind: 3,
  minGain: 0.05,
  alliedNavy: false,
};
