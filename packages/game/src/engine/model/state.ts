import type { AreaId, Faction } from '../../types.js';
import type { CardInstanceId } from '../../cards/index.js';
import type { April9Prompt, April9State, April9Step } from './april9.js';
import type { NavalState, ShipLocation, ShipPiece } from './naval.js';
import type { ScenarioRules } from '../../scenarios/schema.js';
import type { Action } from './actions.js';
import type { Ruleset } from './rulesets.js';

export type { Ruleset, ShipLocation, ShipPiece };

/** Battalions of each faction in one place. Missing = 0. */
export type Forces = Partial<Record<Faction, number>>;

export type TurnPhase = 'movement' | 'combat' | 'reinforcement' | 'newCards';
/** The steps of an ordinary turn: its phases, the drawing of new cards, and the end that hands over to the next turn. */
export type OrdinaryStep = TurnPhase | 'draw' | 'end';
/** A step of either turn (the 9. April turn's end hands over to the first ordinary turn). */
export type StepName = OrdinaryStep | April9Step | 'end';

/** How an attacking group reached the border of its target. */
export type AttackRoute = 'land' | 'fjord' | 'air' | 'sea';

/** Battalions waiting at the border of a hostile area until its combat is fought. */
export interface Attack {
  id: string;
  faction: Faction;
  target: AreaId;
  /** The area they attack from; null for battalions that came by air (Fallskjermtropp) or sea (Invasjon). */
  from: AreaId | null;
  route: AttackRoute;
  count: number;
}

export type CombatStep = 'attackerCards' | 'defenderCards' | 'counter' | 'losses' | 'evacuate' | 'retreat' | 'done';

export interface PlayedCard {
  card: CardInstanceId;
  faction: Faction;
  side: 'attacker' | 'defender';
  effect: number;
  /** For cancel effects: the played card it cancels. */
  cancels?: CardInstanceId;
}

export interface CombatRoll {
  attacker: number[];
  defender: number[];
  attackerBattalionDice: number;
  defenderBattalionDice: number;
  attackerCardDice: number;
  defenderCardDice: number;
}

/** A loss split: how many battalions each group loses (group = attack id, or a defending faction). */
export type LossSplit = Record<string, number>;

export interface Combat {
  area: AreaId;
  attacker: Faction;
  /** Defending factions present when the combat began (Norway and/or the Allies, or Germany). */
  defenders: Faction[];
  /** Battalions on each side when the combat began. */
  strength: { attacker: number; defender: number };
  attackIds: string[];
  step: CombatStep;
  /** Defending factions still to be asked for cards, in order. */
  defenderQueue: Faction[];
  played: PlayedCard[];
  roll: CombatRoll | null;
  /** Sixes scored against each side. */
  hits: { attacker: number; defender: number } | null;
  /** Chosen losses, once settled. */
  attackerLosses: LossSplit | null;
  defenderLosses: LossSplit | null;
  /** Norway's proposal for a joint defence, awaiting the Allies' answer. */
  proposal: LossSplit | null;
  /** When the Allies refuse Norway's proposal, Germany decides. */
  germanyDecidesLosses: boolean;
  winner: 'attacker' | 'defender' | null;
  /** Kystevakuering windows already offered: at the losses step, and when no retreat is left. */
  evacuationOffered: { losses: boolean; retreat: boolean };
  /** Which of the two the open evacuate step belongs to. */
  evacuationStage: 'losses' | 'retreat' | null;
  /** A retreat waiting for its owner's choice of area. */
  retreat: { factions: Faction[]; from: 'area' | 'airborne'; options: AreaId[] } | null;
  /** The losing defenders have left the area (retreated or been destroyed). */
  defendersGone: boolean;
  /** 9. April cards played in this combat (advanced game, public) and the dice each adds to the attack. */
  april9Cards?: { card: string; dice: number }[];
}

export type Prompt =
  /** Norway may sabotage German attacks (Veisperring, Sprengt bro) or escape (Rask forflytning). */
  | { kind: 'sabotage'; faction: 'norway' }
  /** Germany may cancel a sabotage card with Ingeniørkompani before it takes effect. */
  | { kind: 'engineers'; faction: 'germany'; card: CardInstanceId; attackId: string; effect: 'roadblock' | 'blownBridge' }
  /** The Allies may divert a paratrooper with Jagerfly. */
  | { kind: 'paratroopers'; faction: 'allies'; area: AreaId }
  /** The enemy may sink one just-placed reinforcement with Ubåt. */
  | { kind: 'submarine'; faction: 'germany' | 'allies'; area: AreaId; count: number }
  /** The current player must discard one card (no card used this round). */
  | { kind: 'discard'; faction: Faction }
  /** The Allies' deck has run out: remove battalions. */
  | { kind: 'withdraw'; faction: 'allies'; count: number }
  /** Advanced game: the Allies' deck has run out: remove ships too (EN 6.1). */
  | { kind: 'withdrawShips'; faction: 'allies'; count: number }
  /** Decisions of the advanced game's 9. April turn (engine/april9). */
  | April9Prompt;

export interface Reinforcements {
  /** Symbols handed in this phase (3 buy one battalion). */
  symbols: number;
  /** Battalions given without cards (Germany's free one, the Allies' first landing). */
  free: number;
  /** Battalions placed so far this phase. */
  placed: number;
  /** Placements Transportfly allows on air fields (immune to Ubåt). */
  airSlots: number;
  /** Areas Norway has reinforced this round (one each). */
  areas: AreaId[];
}

export interface LogEntry {
  round: number;
  faction: Faction | null;
  /** Machine-readable event; the client phrases it in the reader's language. */
  event: string;
  data?: Record<string, string | number | boolean | null | string[] | number[]>;
}

export interface Result {
  winner: 'germany' | 'norway-allies';
  level: 'clear' | 'marginal';
  /** 'time': a side ran out of time on a clock the match was created with (the server ends it so). */
  reason: 'deck' | 'elimination' | 'time';
  /** The faction whose clock ran out (reason 'time' only). */
  timedOut?: Faction;
  /** Victory cities held by Germany at the end. */
  germanCities: AreaId[];
  /** A scenario's areas Norway and the Allies had to hold, and which of them they held at the end. */
  objectives?: { areas: AreaId[]; held: AreaId[] };
}

export interface Deck {
  /** Face-down cards, top first. Secret: only its length is public. */
  draw: CardInstanceId[];
  /** Face-up used cards at the bottom of the deck, oldest first. Public. */
  used: CardInstanceId[];
}

export interface GameState {
  ruleset: Ruleset;
  /** A scenario's rules (region, deck ends, reinforcements, victory); absent in the full game. */
  scenario?: ScenarioRules;
  round: number;
  turn: Faction;
  phase: TurnPhase;
  /** Battalions standing in each area (not counting attackers at its border). */
  units: Record<AreaId, Forces>;
  /** How many of the battalions in an area have used their movement this turn. */
  moved: Record<AreaId, Forces>;
  attacks: Attack[];
  /** Areas the current attacker has attacked from this turn (defenders may not retreat there). */
  attackedFrom: AreaId[];
  combat: Combat | null;
  /** The last combat fought this turn, as it ended (public; cleared when a turn begins). */
  lastCombat: Combat | null;
  /** Open decisions, newest last; the last one is the one being answered. */
  prompts: Prompt[];
  /** Invasjon played this movement phase: the Allies may buy and land battalions now. */
  invasion: boolean;
  reinforcements: Reinforcements;
  hands: Record<Faction, CardInstanceId[]>;
  decks: Record<Faction, Deck>;
  /** Cards each faction has used (for effect or reinforcements) since its last New Cards phase. */
  cardsUsed: Record<Faction, number>;
  alliesLanded: boolean;
  alliesDeckSpent: boolean;
  /** Battalions that entered play and left it, per faction (for conservation checks). */
  created: Record<Faction, number>;
  destroyed: Record<Faction, number>;
  /**
   * The public log entries not yet handed out. The boardgame.io wrapper starts every move with an
   * empty batch (`startLogBatch`), so a stored state and every update carry only the last move's
   * entries; the server keeps the whole history beside the state and serves it on demand.
   */
  log: LogEntry[];
  /** How many entries came before `log[0]` in the whole game's log. */
  logBase: number;
  result: Result | null;
  /** Advanced game: the ships on the board. Every ship id is in exactly one of ships, shipReserve, shipsGone. */
  ships: ShipPiece[];
  /** Advanced game: ships not on the board, per owner (secret to everyone but the owner). */
  shipReserve: Record<Faction, string[]>;
  /** Advanced game: ships sunk, and dummies removed (public). */
  shipsGone: { sunk: string[]; removed: string[] };
  /** Advanced game: the 9. April turn in progress; absent or null otherwise. */
  april9?: April9State | null;
  /** Advanced game: the Allies still have to bring their held-back ships into their first movement phase. */
  homeFleetDue?: boolean;
  /** Advanced game: naval movement and combat of the current turn (EN 8.1, 8.2); absent or null when idle. */
  naval?: NavalState | null;
  /**
   * A request to the sequencer (flow.ts `advance`), which decides what follows in the same action:
   * 'combat' — a land combat, or the last naval combat of the phase, is over; 'step' — the decision
   * the current step waited for is made (the step may pass to the next faction, or be over). Set by
   * handlers and procedures, which never name what comes next; deleted before the action ends, so
   * never in a stored state or a view.
   */
  done?: 'combat' | 'step';
  /**
   * The step the sequencer enters once the prompts a finished step opened (its windows, Norway's
   * sabotage, the discard, the withdrawals) are answered; absent when no step is over. The name is
   * one of the current turn's steps (flow.ts `FLOW`).
   */
  then?: StepName;
  /** What the acting faction may take back (engine/undo.ts); server-side only, never in a view. */
  undo?: UndoTrail | null;
}

/** What the acting faction may still take back (engine/undo.ts): the state at the last barrier and its actions since. */
export interface UndoTrail {
  faction: Faction;
  /** The state before `actions[0]`, without its own trail. */
  base: Omit<GameState, 'undo'>;
  actions: Action[];
}
