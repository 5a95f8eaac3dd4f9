/**
 * A match's past, rebuilt from what the store keeps: the initial state and every move in order
 * (boardgame.io's action log). Replaying them through boardgame.io's reducer gives each state again,
 * dice included (the PRNG state travels in the states). Two uses:
 *  - the board as it was at a log entry, as the spectators saw it (never a seat's secrets), while
 *    the game goes on;
 *  - the record of a finished game (set-up, seed, moves), which the browser replays itself with the
 *    game package, every hand open.
 */
import type { Game, State } from 'boardgame.io';
import { z } from 'zod';
import type { SqlStorage } from '../storage';
import type { ScenarioDef } from '../lobby/scenarios';
import { gameReducer, ProcessGameConfig } from '../games/bgio-internal';

type Reducer = (state: State, action: unknown) => State;

/** One move as a record keeps it: which seat, which move, its one argument object. */
export interface RecordedMove {
  playerID: string;
  move: string;
  args: unknown[];
}

export interface GameRecord {
  format: 'kampen-om-norge/record';
  version: 1;
  matchID: string;
  plan: string;
  /** The set-up the match was created with (a scenario with its whole definition). */
  setupData: unknown;
  /** boardgame.io's PRNG seed: with it the set-up's shuffles and every die come out the same. */
  seed: string | number;
  moves: RecordedMove[];
  /** How the game ended, for the replaying side to check it arrives at the same end. */
  result: unknown;
  finishedAt: number;
}

const loggedMove = z.object({
  action: z.object({
    type: z.literal('MAKE_MOVE'),
    payload: z.object({ type: z.string(), args: z.array(z.unknown()).nullable().optional(), playerID: z.string() }),
  }),
  automatic: z.boolean().optional(),
});

/** The moves of boardgame.io's action log, in order (events the game made itself are not moves). */
function movesOf(log: unknown[] | undefined): RecordedMove[] {
  const out: RecordedMove[] = [];
  for (const entry of log ?? []) {
    const e = loggedMove.safeParse(entry);
    if (!e.success || e.data.automatic) continue;
    const p = e.data.action.payload;
    out.push({ playerID: p.playerID, move: p.type, args: p.args ?? [] });
  }
  return out;
}

const batchOf = (G: unknown) => {
  const g = G as { log?: unknown[]; logBase?: number };
  return { base: g.logBase ?? 0, length: Array.isArray(g.log) ? g.log.length : 0 };
};

/** A replay kept between requests (see MatchReplay.replayed). */
interface Replayed {
  /** The match's game (boardgame.io's definition as the server runs it). */
  game: Game;
  /** Moves replayed so far, of these. */
  done: number;
  moves: RecordedMove[];
  /** The stored state these moves lead to. */
  stateID: number;
  last: State;
  /** The log batch of the state after each move (index 0: the initial state). */
  batches: { base: number; length: number }[];
  checkpoints: Map<number, State>;
}
/** One state kept every this many moves: a board is at most this many moves of replay away (~2 ms each). */
const CHECKPOINT = 25;
/** Matches whose replay is kept (a few hundred KB each for a whole game). */
const CACHED_MATCHES = 16;

export class MatchReplay {
  private readonly reducers = new Map<Game, Reducer>();
  private readonly cache = new Map<string, Replayed>();

  constructor(
    /** The game of a match by its stored `gameName` (none: the default game). */
    private readonly gameOf: (gameName: string | undefined) => Game,
    private readonly storage: SqlStorage,
    private readonly scenarios: readonly ScenarioDef[],
  ) {}

  private reducerOf(game: Game): Reducer {
    let r = this.reducers.get(game);
    if (!r) this.reducers.set(game, (r = gameReducer<Reducer>(ProcessGameConfig(game))));
    return r;
  }

  private async load(matchID: string) {
    const f = await this.storage.fetch(matchID, { initialState: true, state: true, log: true, metadata: true });
    if (!f.initialState || !f.state || !f.metadata) return undefined;
    return { initial: f.initialState, current: f.state, metadata: f.metadata, moves: movesOf(f.log as unknown[] | undefined) };
  }

  private step(game: Game, state: State, m: RecordedMove): State {
    const next = this.reducerOf(game)(state, {
      type: 'MAKE_MOVE',
      payload: { type: m.move, args: m.args, playerID: m.playerID },
    }) as State & {
      deltalog?: unknown;
      transients?: unknown;
    };
    const { deltalog: _d, transients: _t, ...clean } = next;
    return clean as State;
  }

  /**
   * The spectators' view of the board right after log entry `entry` was written (the last state that
   * wrote it: an undo can take an entry back and a later move write it anew). undefined when the
   * match or the entry does not exist.
   */
  async boardAt(matchID: string, entry: number): Promise<{ entry: number; total: number; move: number; G: unknown } | undefined> {
    const { state: current, metadata } = await this.storage.fetch(matchID, { state: true, metadata: true });
    if (!current) return undefined;
    const game = this.gameOf(metadata?.gameName);
    const end = batchOf(current.G);
    const total = end.base + end.length;
    if (entry >= total) return undefined;
    // The moves (every event row) are read only when the match has moved since the last look.
    let r = this.cache.get(matchID);
    if (!r || r.stateID !== current._stateID) {
      const m = await this.load(matchID);
      if (!m) return undefined;
      r = this.replayed(game, matchID, m.initial, m.moves, m.current._stateID);
    }
    // The last state that wrote the entry: it is in that state's batch and not in the one before.
    // (A game that keeps its whole log in G, as Deres uenighet did before it sent batches, has every
    // earlier entry in every later batch: the state that wrote it is the first that holds it.)
    const holds = (b: { base: number; length: number } | undefined) => !!b && entry >= b.base && entry < b.base + b.length;
    let move = -1;
    r.batches.forEach((b, i) => {
      if (holds(b) && !holds(r.batches[i - 1])) move = i;
    });
    if (move < 0) return undefined;
    const at = this.stateAfter(r, move);
    const view = game.playerView ? game.playerView({ G: at.G, ctx: at.ctx, playerID: null } as never) : at.G;
    return { entry, total, move, G: view };
  }

  /**
   * What is known of a match's replay, brought up to its stored moves: each state's log batch, and
   * every CHECKPOINT-th state, so that a board is never more than that many moves of replay away.
   * Moves are only ever appended (an undo is a move too), so a cached replay just continues.
   */
  private replayed(game: Game, matchID: string, initial: State, moves: RecordedMove[], stateID: number): Replayed {
    let r = this.cache.get(matchID);
    if (!r || r.done > moves.length)
      r = { game, done: 0, stateID, moves, last: initial, batches: [batchOf(initial.G)], checkpoints: new Map([[0, initial]]) };
    r.moves = moves;
    r.stateID = stateID;
    this.cache.delete(matchID); // most recently used last
    this.cache.set(matchID, r);
    if (this.cache.size > CACHED_MATCHES) this.cache.delete(this.cache.keys().next().value as string);
    for (let i = r.done; i < moves.length; i++) {
      r.last = this.step(r.game, r.last, moves[i]!);
      r.batches.push(batchOf(r.last.G));
      if ((i + 1) % CHECKPOINT === 0) r.checkpoints.set(i + 1, r.last);
    }
    r.done = moves.length;
    return r;
  }

  /** A move was stored (transport.onMoveCommitted): a replay kept of its match goes on without replaying it. */
  committed(e: { matchID: string; playerID: string; move: { type: string; args: unknown[] }; state: State }) {
    const r = this.cache.get(e.matchID);
    if (!r) return;
    if (e.state._stateID !== r.stateID + 1 || r.done !== r.moves.length) {
      this.cache.delete(e.matchID); // a move we did not hear of: replay from the store next time
      return;
    }
    r.moves.push({ playerID: e.playerID, move: e.move.type, args: e.move.args });
    r.last = e.state;
    r.done++;
    r.stateID = e.state._stateID;
    r.batches.push(batchOf(e.state.G));
    if (r.done % CHECKPOINT === 0) r.checkpoints.set(r.done, e.state);
  }

  private stateAfter(r: Replayed, move: number): State {
    const moves = r.moves;
    if (move === r.done) return r.last;
    const from = move - (move % CHECKPOINT);
    let state = r.checkpoints.get(from)!;
    for (let i = from; i < move; i++) state = this.step(r.game, state, moves[i]!);
    return state;
  }

  /** The record of a finished game; undefined when the match does not exist or is not over. */
  async record(matchID: string, plan: string): Promise<GameRecord | undefined> {
    const m = await this.load(matchID);
    if (!m || m.metadata.gameover === undefined || m.metadata.gameover === null) return undefined;
    const seed = (m.initial.plugins as { random?: { data?: { seed?: string | number } } } | undefined)?.random?.data?.seed;
    if (seed === undefined) return undefined;
    return {
      format: 'kampen-om-norge/record',
      version: 1,
      matchID,
      plan,
      setupData: this.fullSetup(m.metadata.setupData),
      seed,
      moves: m.moves,
      result: (m.current.G as { result?: unknown }).result ?? null,
      finishedAt: m.metadata.updatedAt,
    };
  }

  /** Stored set-ups name a scenario by id; a record carries the whole scenario so it replays anywhere. */
  private fullSetup(setupData: unknown): unknown {
    const s = setupData as { ruleset?: string; scenario?: string } | undefined;
    if (!s?.scenario) return setupData ?? { ruleset: 'basic' };
    const def = this.scenarios.find((x) => x.id === s.scenario);
    return def ? { ruleset: def.ruleset, scenario: def } : setupData;
  }
}
