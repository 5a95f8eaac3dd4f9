/**
 * The state of the 9. April turn (EN ch. 7), the advanced game's opening turn. It lives in
 * `G.april9` from the start of an advanced game until the first ordinary German turn begins.
 */
import type { AreaId, Faction, SeaZone } from '../../types.js';

/** The parts of the 9. April turn, in the book's order. */
export type April9Step =
  | 'choose' // 7.0: each faction keeps its 9. April cards (Germany, Norway, the Allies in turn)
  | 'deploy' // 7.0: Norway's four battalions
  | 'ships' // 7.0: ship placement (Norway, Germany, the Allies in turn)
  | 'interception' // 7.1: naval interception, no further movement
  | 'movement' // 7.1: only Fallskjermtropp (and Norway's Jagerfly in answer)
  | 'navalCombat' // 7.2a
  | 'raid' // 7.2a: raiding
  | 'landing' // 7.2a: invasion
  | 'landCombat' // 7.2b
  | 'mobilize' // 7.3: Norway's mobilisation after the landings
  | 'reinforcement'; // 7.3: Germany, Norway, the Allies in turn

/**
 * The reaction and play windows of the 9. April turn. Each opens whenever the rules allow the card
 * (never depending on whether the faction holds it) unless the faction has already played its only
 * copy, which everyone has seen.
 */
export type April9Window =
  | 'rescue' // the Allies, before any ship is placed: Skip til unnsetning
  | 'reallocation' // Norway, after Germany's ships are placed: Omdisponering
  | 'reconnaissance' // the Allies, after Germany's ships are placed: Rekognoseringsfly
  | 'deceive' // Germany, after the Allies' ships are placed: Villedende manøver
  | 'smokeScreen' // Germany, when its ships are intercepted: Røykdekke
  | 'fighters' // Norway, after each paratrooper: Jagerfly
  | 'diveBombers' // the Allies, before the naval combats: Stupbombefly
  | 'sailors' // Germany, when one of its ships is sunk in naval combat: Evakuerte matroser
  | 'mines' // the Allies, at each German landing: Minelegging
  | 'fort' // Norway, at each German landing in a victory city: Kystfort
  | 'submarine'; // Norway and the Allies, after each German reinforcement: Ubåt

export type April9Prompt =
  /** A window in which `faction` may play a 9. April card or pass. */
  | { kind: 'april9Window'; faction: Faction; window: April9Window; area?: AreaId; zone?: SeaZone; count?: number }
  /** Villedende manøver hit `hits` Allied ships in `zone`: Germany names a neighbouring zone for each. */
  | { kind: 'april9Deceive'; faction: 'germany'; zone: SeaZone; hits: number; to: SeaZone[] }
  /** Bløff/trusler: `count` Norwegian battalions must pull back from `area`; Norway picks where, one by one. */
  | { kind: 'april9Retreat'; faction: 'norway'; area: AreaId; count: number; options: AreaId[] };

/** A German landing declared and waiting for the Allies' and Norway's answers. */
export interface PendingLanding {
  zone: SeaZone;
  area: AreaId;
  /** The landing ships (face up: a ship that lands is shown). */
  ships: string[];
  /**
   * From Eidsvoll & Norge's zone before it has fought, the landing waits for that naval combat
   * ('fight', EN/NO 7.2), then for Evakuerte matroser ('fought'); then its windows open as any landing's.
   */
  eidsvoll?: 'fight' | 'fought';
}

export interface April9State {
  step: April9Step;
  /** Who acts in the steps taken in turn (choose, ships, reinforcement). */
  who: Faction;
  /** 9. April cards each faction kept and has not used. Secret to the other factions. */
  hands: Record<Faction, string[]>;
  /** 9. April cards put back in the box unseen. Secret to the other factions. */
  boxed: Record<Faction, string[]>;
  /** 9. April cards played or traded, in order (public). */
  used: string[];
  /** The Allies' ships drawn for the 9. April turn and not yet placed. Secret to the others. */
  alliedDrawn: string[];
  /** Norway's initial battalions still to place. */
  deploy: { oslo: number; mobilization: number; mobilizationAreas: AreaId[] };
  /** Ships revealed by Rekognoseringsfly: they lie face up until the Allies have placed their ships. */
  reconnoitred: string[];
  /** A landing waiting for its windows (Minelegging, Kystfort). */
  landing: PendingLanding | null;
  /** German ships that have landed their battalion this turn (or may no longer land). */
  landed: string[];
  /** A German ship sunk in naval combat that Evakuerte matroser lets land a battalion. */
  sailors: { ship: string; zone: SeaZone } | null;
  /** Victory cities where German battalions came ashore (Norway's resistance has been rolled there). */
  invaded: AreaId[];
  /** Victory cities that mobilised in time to resist (they do not mobilise again in phase 3). */
  resisted: AreaId[];
  /** Victory cities Kystfort has shut to German landings this turn. */
  blocked: AreaId[];
  /** Eidsvoll & Norge has fought its naval combat. */
  eidsvollFought: boolean;
  /** Zones where both sides' ships lie and the interceptions of 7.1 are still to be offered, in order. */
  interceptQueue: SeaZone[];
  /** German ships sunk at sea for which Evakuerte matroser's window has been offered. */
  sailorsOffered: string[];
  /** Norway's mobilisation in phase 3: battalions still to place on mobilisation points. */
  mobilization: number;
  /** Areas Norway mobilised in during phase 3 (one per point). */
  mobilized: AreaId[];
}

/** Norway's opening battalions (EN 7.0): Finnmark is fixed, one goes to Oslo or a neighbour. */
export const NORWAY_FIXED_START: AreaId = 'finnmark';
export const NORWAY_OSLO_START: AreaId = 'oslo';
/** Norway's resistance roll in an invaded victory city (EN 7.2): these faces raise a battalion. */
export const RESISTANCE_FACES: readonly number[] = [5, 6];
/** Zones where German slagskip and tung krysser may go raiding (EN 7.2). */
export const RAID_ZONES = ['VI', 'VII', 'VIII'] as const;
/** Allied ships may not enter the red-shadow zones (EN 5.1). */
export const ALLIED_FORBIDDEN_ZONES = ['I', 'II'] as const;
/** Eidsvoll & Norge may lie anywhere but the open sea. */
export const EIDSVOLL_FORBIDDEN_ZONES = ['VIII'] as const;
