/**
 * The contract between a game and the platform (server, lobby, seats, clocks, notifications, replay,
 * rematch, web client). A game's package exports one `GameModule`; the platform knows a game only
 * through it, never by importing the game's rules. This package sits below every game and below the
 * server and the web client: it imports nothing of theirs (boardgame.io's and zod's types only).
 */
import type { Ctx, Game } from 'boardgame.io';
import type { z } from 'zod';

/** A text in both of the site's languages. */
export interface Bilingual {
  no: string;
  en: string;
}

/** One seat of a seat plan: its key (as links and the lobby name it) and the boardgame.io playerIDs it commands. */
export interface PlanSeat {
  key: string;
  playerIDs: string[];
}

/** Something wrong in a match's set-up: where (a dotted path inside setupData; '' for the whole) and why. */
export interface SetupIssue {
  path: string;
  message: string;
}

/** A move as the platform passes it around: its name and its arguments. */
export interface ModuleMove {
  move: string;
  args: unknown[];
}

/** Why the game refuses a move before it runs (its own code, in kebab-case, and a sentence). */
export interface ModuleRefusal {
  code: string;
  message: string;
}

/** What a computer player is asked: the seat's own view (all it may know), its level and a seed for its chances. */
export interface ModuleBotRequest<View = unknown> {
  /** One of the module's `bots.levels`. */
  level: string;
  view: View;
  playerID: string;
  seed: number;
  /** A wall-clock cap for a searching player, in ms (the server's; a player that does not search ignores it). */
  maxMs?: number;
}

/** A computer player's answer: its move, and how many legal moves it chose from (for logs and tests). */
export interface ModuleBotDecision {
  move: ModuleMove;
  legalCount: number;
}

export type ModuleBotDecide<View = unknown> = (req: ModuleBotRequest<View>) => ModuleBotDecision;

/**
 * The game's computer players. The server asks them off its event loop (worker threads): `load` runs
 * there, so the deciding code never reaches the server's main thread or the web client's first load.
 */
export interface ModuleBots<G = any, View = unknown> {
  /** The levels offered, weakest first, by the protocol's strength names ('easy', 'normal'). */
  readonly levels: readonly string[];
  /**
   * The deciding function; throws for a level it does not offer. Its view arrives structured-cloned
   * from another thread (typed loosely here so that every module fits the registry's GameModule).
   */
  load(): Promise<ModuleBotDecide<any>>;
  /** What a computer seat does when its player cannot answer (a plain legal move from its view), or null. */
  fallback(view: View, playerID: string): ModuleMove | null;
  /**
   * Seats a computer player should act for now besides those that must (toMove): answers that no
   * clock waits for, such as a surrender asked of every seat. Default: none.
   */
  mayAct?(G: G, ctx: Ctx): string[];
  /**
   * Which stretch of play a move belongs to (the same seat in the same phase): a computer seat's next
   * move in the same stretch follows quickly. Without it every move is paced as a new stretch.
   */
  pacingKey?(G: G, playerID: string): string;
}

/**
 * Automatic passing: decisions that are no decision (a window where passing is all a seat can do).
 * The server passes for a person's seat there after a delay drawn alike for every decision, and
 * holds a pass the seat clicks sooner to the same moment, so that neither the wire nor the timing
 * tells the others what the seat could not do. For a game whose seats decide one at a time (the
 * server asks `toMove` and looks at the first seat it names).
 */
export interface ModuleAutoPass<G = any> {
  /** The seat's one legal move when it only declines (pass, end the phase, answer "nothing"), else null. */
  onlyPass(G: G, playerID: string): ModuleMove | null;
  /** Whether a move, as a seat sends it, only declines: such a move clicked sooner than its window's delay waits for it. */
  isPass(move: ModuleMove): boolean;
  /**
   * A reaction window the seat may be asked many times in one phase (a card it may play after each
   * of an enemy's placements), when the seat may decline it: the window's kind and phase, which a
   * seat's "not this phase" choice names, and the decline. Absent or null: no such window.
   */
  repeated?(G: G, playerID: string): { window: string; phase: string; pass: ModuleMove } | null;
}

export interface GameModule<G = any, View = unknown> {
  /** The game's id: boardgame.io's `game.name`, the socket namespace, and `gameName` in stored matches. */
  readonly id: string;
  /** The boardgame.io game (the server strips undo and its seed: see apps/server/src/app.ts). */
  readonly game: Game<G>;
  /** The game's name and a line about it, as the home page shows them. */
  readonly texts: { name: Bilingual; summary: Bilingual };
  /** `setupData` of POST /api/matches, checked before the match is made. */
  readonly setupSchema: z.ZodType;
  /** The set-up a client that names none gets. */
  readonly defaultSetup: unknown;
  /**
   * What the game's own set-up would refuse in a set-up (already through setupSchema) for the seats
   * of the chosen plan, checked before the match is made: each issue's path is inside setupData.
   * None (or no such check): the game may be made with it.
   */
  validateSetup?(setupData: unknown, seats: readonly PlanSeat[]): SetupIssue[];
  /**
   * The game's refusal an error its rules threw is (its own RuleError), or null for anything else (a
   * bug). The lobby answers a refusal at creation as the client's mistake (400), never as a 500.
   */
  refusalOf?(error: unknown): ModuleRefusal | null;
  /**
   * The seat plans the game offers, by plan name (the protocol's `plan`), the first being the
   * default; each gives the number of boardgame.io players (all playerIDs of its seats).
   */
  readonly plans: Readonly<Record<string, readonly PlanSeat[]>>;
  readonly defaultPlan: string;
  /** How many people may play, fewest and most (the home page says it). */
  readonly players: { min: number; max: number };
  /** What a seat (playerID) or a spectator (null) may see of the state: the game's playerView. */
  view(G: G, playerID: string | null): View;
  /** Every legal move of this seat now (none for a seat that need not decide). */
  legalMoves(G: G, ctx: Ctx | undefined, playerID: string): ModuleMove[];
  /** The playerIDs that must decide now (the clocks run for them and they are told it is their move). */
  toMove(G: G, ctx: Ctx): string[];
  /**
   * Names the decision a seat that must act is in now: while the name stays, its clock keeps its
   * deadline and it is not told again; a new name is a new decision (Deres: each set-up action and
   * each order step, also for the seat whose submission ended the step). Without it a seat's decision
   * lasts as long as it is asked (Kampen om Norge: a faction's stretch of moves).
   */
  decisionOf?(G: G, playerID: string): string;
  /**
   * Moves that are a seat's own submission in a step where several seats submit at once (Deres: its
   * orders): another seat's submission landing first does not change what this one means. Such a move
   * refused as stale is sent once more by the web client against the new state while the seat's
   * decision (`decisionOf`, required for this) is still the same; the server judges it again as usual.
   * Absent (Kampen om Norge): a stale move is never sent again.
   */
  readonly independentMoves?: readonly string[];
  /**
   * The game's own judgement of a move before boardgame.io runs it; null: it may run. `origin`
   * 'server' lets the game's server-only moves through (a clock's loss on time).
   */
  checkMove?(G: G, playerID: string, type: unknown, args: unknown, origin: 'player' | 'server'): ModuleRefusal | null;
  /**
   * A refusal of this game (its kebab-case code, as `checkMove` gives it and the server passes it on
   * as the refusal's `rule`) in words, with the parameters its text names where they are known; null
   * for a code the game does not have.
   */
  refusalText?(code: string, params: Readonly<Record<string, string | number>> | undefined, lang: 'no' | 'en'): string | null;
  /** Whether this seat may take its last decision back now (never across dice, draws or revealed orders). */
  canUndo(G: G, playerID: string): boolean;
  /** The computer players that can fill any seat; a game without them offers no computer seats. */
  readonly bots?: ModuleBots<G, View>;
  /**
   * The move the server makes for a seat whose clock ran out in a game that goes on without it (the
   * clock's 'pass' setting): e.g. empty orders. Null: nothing to make for it now (the seat is handed
   * to a computer player, as for a game without this). A game without it has no per-seat timeouts.
   */
  clockMove?(G: G, playerID: string): ModuleMove | null;
  /**
   * How many deadlines in a row a seat may miss (each answered by `clockMove`: the seat holds) before
   * the game's weakest computer player takes the seat, until its player comes back and acts (or takes
   * the seat back). Any move of the seat's own player ends the row. Absent: never (a seat out of time
   * only gets the clock's move, or the computer at once where the game has none).
   */
  readonly missedDeadlinesToComputer?: number;
  /**
   * The server-only move that ends the game for a seat whose clock ran out (the clock's 'lose'
   * setting). A game without it cannot be lost on time: the lobby refuses that setting for it.
   */
  loseOnTime?(playerID: string): ModuleMove;
  /**
   * The names a game's clocks keep each seat's time under, by playerID; absent: the playerIDs, shown
   * to clients per seat (ClockView.seats). Kampen om Norge's are its factions, as its stored clocks
   * and its clients name them.
   */
  readonly clockNames?: Readonly<Record<string, string>>;
  /**
   * The name "your move" messages give the side a seat (playerID) plays; absent: its seat's key.
   * Kampen om Norge's are its factions (a seat of two factions is named by the one deciding).
   */
  seatName?(playerID: string): Bilingual;
  /** Automatic passing (see ModuleAutoPass); a game without it is never passed for. */
  readonly autoPass?: ModuleAutoPass<G>;
}

/** The games a server or client offers; the first is the default for requests that name none. */
export class GameRegistry {
  private readonly byId = new Map<string, GameModule>();

  constructor(modules: readonly GameModule[]) {
    if (modules.length === 0) throw new Error('a registry needs at least one game');
    for (const m of modules) {
      if (m.game.name !== m.id) throw new Error(`game module ${m.id}: its boardgame.io game is named ${String(m.game.name)}`);
      if (this.byId.has(m.id)) throw new Error(`game module ${m.id} registered twice`);
      if (!m.plans[m.defaultPlan]) throw new Error(`game module ${m.id}: default plan ${m.defaultPlan} is not one of its plans`);
      this.byId.set(m.id, m);
    }
  }

  /** The default game (the first registered): what a request or a stored match without a game is. */
  get default(): GameModule {
    return this.byId.values().next().value as GameModule;
  }

  get all(): GameModule[] {
    return [...this.byId.values()];
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): GameModule | undefined {
    return this.byId.get(id);
  }

  /** The game of a stored match by its `gameName`; a match stored before there were several games has the default's. */
  of(gameName: string | undefined): GameModule {
    return (gameName !== undefined && this.byId.get(gameName)) || this.default;
  }
}

/** The number of boardgame.io players of a plan: every playerID of its seats. */
export function playersOfPlan(plan: readonly PlanSeat[]): number {
  return new Set(plan.flatMap((s) => s.playerIDs)).size;
}
