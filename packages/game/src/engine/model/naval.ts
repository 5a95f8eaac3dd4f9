/**
 * The state of ships in motion and in battle in the ordinary turns of the advanced game (EN 8.1,
 * 8.2). It lives in `G.naval` from the first naval decision of a turn until the turn ends (null or
 * absent otherwise). Ship ids in it are secret while the ship lies face down: the views
 * (naval/view.ts) blank them for everyone but the owner.
 */
import type { Faction, SeaZone } from '../../types.js';
import type { CardInstanceId } from '../../cards/index.js';

/** Where a ship on the board lies: a sea zone or the raiding-ships box. */
export type ShipLocation = SeaZone | 'raid';
/** A ship card on the board (advanced game). Its id is secret while it lies face down. */
export interface ShipPiece {
  id: string;
  owner: Faction;
  at: ShipLocation;
  faceUp: boolean;
}

/**
 * The two sides at sea. Norway's only ship (Eidsvoll & Norge) always fights on the Allied side
 * (EN 8.2), and the Allies take every naval decision of that side.
 */
export type NavalSide = 'germany' | 'allies';

/** A ship or group of ships moving together (EN 8.1), with everything decided on its way so far. */
export interface TaskForce {
  /** The faction moving (the player whose turn it is). */
  owner: Faction;
  /** Ships still moving together. Intercepted ships and ships that tried to intercept drop out. */
  ships: string[];
  /** The zone (or raid box) it started in, then every zone entered so far. */
  path: ShipLocation[];
  /** What it waits for in its current zone. */
  step: 'attackerIntercept' | 'defenderIntercept' | 'continue';
}

/** A zone where an interception succeeded: a naval combat will be fought there (EN 8.2). */
export interface Engagement {
  zone: SeaZone;
  /** Sides that intercepted here with at least one hit. They must commit all their ships present. */
  interceptors: NavalSide[];
  /** Ships drawn by those interceptions (face up until their combat). */
  intercepted: string[];
}

/** A die rolled in a naval combat: for a ship (`by` its id) or for a card (`by` the card). */
export interface NavalRoll {
  side: NavalSide;
  by: string;
  die: number;
  result: 'sink' | 'chase' | null;
  /** The enemy ship struck (drawn at random), or null for a miss or when no target was left. */
  target: string | null;
}

export type NavalCombatStep =
  | 'volunteer' // the owners of intercepted ships may add their other ships in the zone
  | 'attackerCards'
  | 'defenderCards'
  | 'counter'
  | 'void' // the Allies choose how many German cards the German losses void
  | 'chase' // the chaser moves each chased ship to a neighbouring zone
  | 'done';

/** One naval combat (EN 8.2 steps 1–8). Public while it is fought: every ship in it lies face up. */
export interface NavalCombat {
  zone: SeaZone;
  attacker: NavalSide;
  step: NavalCombatStep;
  /** Sides still to answer the volunteer question, in order. */
  volunteers: NavalSide[];
  /** Ships fighting on each side, strongest first. */
  ships: Record<NavalSide, string[]>;
  /** Cards played (same shape as a land combat's: side is 'attacker' or 'defender'). */
  played: { card: CardInstanceId; faction: Faction; side: 'attacker' | 'defender'; effect: number; cancels?: CardInstanceId }[];
  rolls: NavalRoll[];
  /** Ships sunk and chased in this combat. */
  sunk: string[];
  chased: string[];
  /** German action cards the German losses may void; the Allies choose how many (EN 6.1). */
  germanVoidable: number;
  /** Cards voided, per faction, once settled (public: they lie face up under the deck). */
  voided: Partial<Record<Faction, CardInstanceId[]>>;
}

export interface NavalState {
  /** The mover's ships that have sailed this turn (each sails once). */
  moved: string[];
  /** Zones where the mover has tried to intercept this turn: closed to his ships (EN 8.1). */
  tried: SeaZone[];
  /**
   * Where each task force of this turn set out from and the zone it first entered. Ships starting in
   * one place and taking the same route move as one task force (EN 8.1): no later task force takes
   * the same first step. Public (everyone sees ships sail).
   */
  departures?: { from: ShipLocation; to: SeaZone }[];
  /** The task force being moved, until its movement and interceptions are over. */
  force: TaskForce | null;
  /** Zones where naval combat is due this turn. */
  engagements: Engagement[];
  combat: NavalCombat | null;
  /** The last naval combat of this turn as it ended (its surviving ships are hidden again in views). */
  lastCombat: NavalCombat | null;
  /** Germany has paid to call its raiding ships back this turn (EN 7.2). */
  recalled: boolean;
  /** Where each ship sunk this turn went down (9. April's Evakuerte matroser lands from there). */
  sunkAt?: Partial<Record<string, SeaZone>>;
  /** German reinforcements placed this phase per sea zone they came ashore from (EN 8.3's one per ship). */
  placed?: Partial<Record<SeaZone, number>>;
}
