/**
 * The state of a match of "Deres uenighet" and the orders nations give. Plain JSON throughout:
 * boardgame.io stores and sends it as it is. Squares are addressed by {x, y}; x grows east, y south.
 */

/** boardgame.io playerIDs, '0'..'3', in clockwise order around the table. */
export type Seat = string;

export const NATION_IDS = ['gul', 'rod', 'lilla', 'gronn'] as const;
/** De Gule (yellow), De Røde (red), De Lilla (purple), De Grønne (green). */
export type NationId = (typeof NATION_IDS)[number];

export const INVENTION_IDS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'] as const;
export type InventionId = (typeof INVENTION_IDS)[number];

export interface Pos {
  x: number;
  y: number;
}

/**
 * The phases of a match. Set-up: 'chooseNation', 'buildMap', 'placeSupplies', 'placeCapital' (one seat
 * at a time). A round: 'buy', 'move', 'shoot', then collecting (automatic), then 'spread' when fewer
 * than 8 supplies lie on the map. 'over' once a result is known.
 */
export const PHASES = ['chooseNation', 'buildMap', 'placeSupplies', 'placeCapital', 'buy', 'move', 'shoot', 'spread', 'over'] as const;
export type Phase = (typeof PHASES)[number];
/** Phases in which every nation gives secret orders that are revealed together. */
export const ORDER_PHASES = ['buy', 'move', 'shoot', 'spread'] as const;
export type OrderPhase = (typeof ORDER_PHASES)[number];
/** A shooting round has two steps: everyone declares, then nations that passed and were aimed at may answer. */
export type ShootStep = 'declare' | 'answer';

/**
 * What a seat is doing now, used as its boardgame.io stage: 'setup' (its turn in set-up), 'orders'
 * (it must submit orders), 'waiting' (it has submitted, or has nothing to submit), 'idle' (set-up turn
 * of another seat). Eliminated seats have no stage.
 */
export const STAGES = ['setup', 'orders', 'waiting', 'idle'] as const;
export type Stage = (typeof STAGES)[number];

/** One square of the map. Height 0–3; water cannot be entered; a hill blocks sight through it. */
export interface Square {
  h: number;
  water: boolean;
  hill: boolean;
}

/** The map: `squares[y * width + x]`, null where no terrain piece lies (outside the oval). */
export interface Board {
  width: number;
  height: number;
  squares: (Square | null)[];
}

/** One slot of the oval layout, 3×3 squares; `tile` is the terrain piece placed there. */
export interface Slot {
  col: number;
  row: number;
  tile: string | null;
  rotation: number;
}

export interface Capital extends Pos {
  destroyed: boolean;
}

export interface Regiment extends Pos {
  id: string;
  owner: Seat;
  /** Game round in which it was bought. */
  born: number;
  /** Shooting round (of the current round) in which it last fired, 0 if not. */
  firedIn: number;
}

export interface Fort extends Pos {
  id: string;
  owner: Seat;
  /** Changed into a castle by invention I. */
  castle: boolean;
  /** Game round in which it was built. A fort is new during the buy phase of its round. */
  born: number;
  /** Red only: regiments laid on top of it (each +1 hit chance to its neighbours, +1 defence). */
  upgrades: number;
  firedIn: number;
}

export interface NationState {
  nation: NationId | null;
  supplies: number;
  /** Upgrades bought, 0–8. */
  upgrades: number;
  /** Regiments in the force pool (not on the map, not lent to the bank). */
  pool: number;
  /** Regiments handed to the bank for loans; upgrades are barred while this is above 0. */
  loaned: number;
  /** Forts not on the map. */
  fortStock: number;
  /** Inventions held and not yet used (shown openly). */
  inventions: InventionId[];
  used: InventionId[];
  /** The two ways to unlock an invention, each once: first time 4 forts on the map; the 4th upgrade. */
  unlockedByForts: boolean;
  unlockedByUpgrade: boolean;
  /** Shots left this round. */
  shotsLeft: number;
  /** Invention IX played this round (+1 move, flat step costs). */
  explorer: boolean;
  /** Invention IV played this round: every missed shot is rolled once more. */
  bombard: boolean;
  out: boolean;
  /** Round in which the nation was knocked out (for ranking), 0 if still in. */
  outRound: number;
}

export interface BuyOrders {
  kind: 'buy';
  /** Squares for new regiments (1 supply each). */
  regiments: Pos[];
  /** Squares for new forts (2 supplies, 1 beside another nation's old fort). */
  forts: Pos[];
  /** Capital upgrades to buy now (costs in data/upgrades). */
  upgrades: number;
  /** Red only: ids of forts to upgrade (1 supply and 1 pool regiment each); an id may repeat. */
  fortUpgrades: string[];
  /** Take one loan (2 supplies for 2 pool regiments), at most one a round. Applied before anything else. */
  loan: boolean;
  /** Loaned regiments bought back (1 supply each). */
  repay: number;
  /** Invention I: the fort to turn into a castle. */
  castle?: string;
  /** Invention V: a free fort on any completely free square. */
  slaveFort?: Pos;
  /** Invention VIII: squares for the 2 free regiments (placed like bought ones). */
  conscripts?: Pos[];
}

export interface MoveStep {
  /** A regiment's id, or a Green fort's id. */
  piece: string;
  to: Pos;
  /** Yellow only: spend all movement to go to a square beside an own fort, castle or the capital. */
  recall?: boolean;
}
export interface MoveOrders {
  kind: 'move';
  moves: MoveStep[];
  /** Invention IX this round. */
  explorer?: boolean;
}

export interface Shot {
  /** A regiment, a Red fort or a castle. */
  shooter: string;
  target: Pos;
  /** Invention III: the shot hits for certain (may aim over enemy pieces). */
  sniper?: boolean;
}
export interface ShootOrders {
  kind: 'shoot';
  /** null: pass (the shot is spent all the same). */
  shot: Shot | null;
  /** Invention IV from this shooting round on. */
  bombard?: boolean;
  /** Invention VI: three squares with enemy regiments; one d12 picks which dies (1–4, 5–8, 9–12). */
  artillery?: Pos[];
  /** Invention X: the square aimed at with the gas. */
  gas?: Pos;
}

export interface SpreadOrders {
  kind: 'spread';
  /** One aimed square per supply this nation is to throw. */
  aims: Pos[];
}

export type Orders = BuyOrders | MoveOrders | ShootOrders | SpreadOrders;

export interface Result {
  reason: 'conquest' | 'technology' | 'surrender' | 'roundLimit';
  /** The winning seat (null on a draw by round limit with a tie at the top). */
  winner: Seat | null;
  /** Every seat, best first. */
  ranking: Seat[];
}

/** A public record of what happened, shown in the log and used by the UI to animate reveals. */
export type DeresEvent =
  | { t: 'nation'; seat: Seat; nation: NationId }
  | { t: 'tile'; seat: Seat; tile: string; slot: number; rotation: number }
  | { t: 'supplyPlaced'; seat: Seat; at: Pos }
  | { t: 'capital'; seat: Seat; at: Pos }
  | { t: 'reveal'; phase: OrderPhase; round: number; shootingRound: number; step: ShootStep | null; orders: Record<Seat, Orders> }
  | { t: 'bounced'; seat: Seat; what: 'regiment' | 'fort' | 'move'; at: Pos }
  | { t: 'roll'; seat: Seat; shooter: string; target: Pos; needed: number; rolls: number[]; hit: boolean; sniper: boolean }
  | { t: 'artillery'; seat: Seat; targets: Pos[]; roll: number; killed: Pos }
  | { t: 'gas'; seat: Seat; aim: Pos; squares: Pos[]; roll: number }
  | { t: 'removed'; seat: Seat; kind: 'regiment' | 'fort' | 'castle' | 'capital'; at: Pos }
  | { t: 'throw'; seat: Seat; aim: Pos; roll: number; landed: Pos | null }
  | { t: 'collect'; seat: Seat; map: number; forts: number; welfare: number }
  | { t: 'invention'; seat: Seat; invention: InventionId; how: 'drawn' | 'used' }
  | { t: 'out'; seat: Seat; reason: 'capital' | 'surrender' }
  | { t: 'surrender'; seat: Seat; status: 'proposed' | 'refused' | 'accepted' };

export interface DeresState {
  /** Seats in clockwise order. */
  seats: Seat[];
  phase: Phase;
  round: number;
  /** 1-based shooting round within the shoot phase, 0 outside it. */
  shootingRound: number;
  step: ShootStep | null;
  /** Holder of the first-player token (rolled at the start, passed clockwise each round). */
  firstPlayer: Seat;
  /** Seat whose set-up turn it is, null in order phases. */
  setupTurn: Seat | null;
  /** Supplies each seat still places in set-up. */
  setupSupplies: Record<Seat, number>;
  board: Board;
  slots: Slot[];
  /** Hidden: the shuffled terrain pieces still in the box (views hold only their number). */
  pile: string[];
  /** The terrain piece the seat in turn has drawn and must place (public once drawn). */
  drawn: string | null;
  /** Supply tokens per square, same indexing as board.squares. */
  mapSupplies: number[];
  capitals: Record<Seat, Capital | null>;
  regiments: Regiment[];
  forts: Fort[];
  nations: Record<Seat, NationState>;
  /** Inventions still in the bag (the draw is random at the time of drawing, so this is public). */
  inventionBag: InventionId[];
  /** Secret: each seat's submitted orders for the current step. Views keep only the viewer's own. */
  orders: Record<Seat, Orders | null>;
  /** Seats asked for orders in the current step. */
  mustSubmit: Seat[];
  /** Public: who of mustSubmit has submitted. */
  submitted: Record<Seat, boolean>;
  /** Supplies each seat is to throw in the current spread step. */
  toThrow: Record<Seat, number>;
  spreadStep: number;
  /** Who was aimed at in this shooting round's declare step (public after the reveal). */
  declared: Record<Seat, Orders | null>;
  surrender: { seat: Seat; consents: Seat[] } | null;
  /**
   * The public events of the last move only: the boardgame.io wrapper starts every move with an empty
   * batch (`startLogBatch`), so a state and every view stay the same size however long the game runs.
   * The whole log is the concatenation of the batches, each starting at `logBase`; the server stores
   * each batch and serves the history (GET /api/matches/:id/log). The engine alone keeps appending.
   */
  log: DeresEvent[];
  /** How many events came before `log[0]` in the whole game's log (absent in states stored before batches: 0). */
  logBase: number;
  result: Result | null;
  options: DeresOptions;
  nextId: number;
}

export interface DeresOptions {
  /** Stop after this many rounds and rank as for the technology end (for timed matches and tests). */
  maxRounds: number | null;
  /** Preset nations by seat (skips the choosing step for those seats). */
  nations: Record<Seat, NationId> | null;
}

/**
 * What one seat (or a spectator, seat null) may see: the state without the box's hidden order and
 * without other seats' unrevealed orders.
 */
export interface DeresView extends Omit<DeresState, 'pile' | 'orders'> {
  viewer: Seat | null;
  pileCount: number;
  /** The viewer's own orders for the current step (null if none yet or a spectator). */
  myOrders: Orders | null;
}
