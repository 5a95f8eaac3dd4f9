/**
 * One move through boardgame.io's reducer, without boardgame.io's Master around it. The Master
 * broadcasts a new state before its storage writes finish (a crash then loses a move players saw,
 * dice included), writes state and metadata separately, and answers a refused move by writing
 * anyway. Here the move is only computed: the caller makes it durable in one write and only then
 * tells anyone (see transport.ts).
 */
import type { Game, LogEntry, Server, State } from 'boardgame.io';
import { gameReducer, ProcessGameConfig, type ProcessedGame } from '../games/bgio-internal';

export interface MoveAction {
  type: 'MAKE_MOVE';
  payload: { type: string; args?: unknown[] | null; playerID: string; credentials?: string };
}

export interface MoveResult {
  /** The new state, without boardgame.io's deltalog (that is `deltalog`). */
  state: State;
  deltalog: LogEntry[];
  /** New match metadata: updatedAt, and gameover once the game ends. */
  metadata: Server.MatchData;
}

type Reducer = (state: State | null, action: unknown) => State & { transients?: { error?: { type: string } } };

export class MoveRunner {
  private readonly processed: ProcessedGame;
  private readonly reducer: Reducer;

  constructor(game: Game) {
    // Processing the game config is costly; the Master did it on every move.
    this.processed = ProcessGameConfig(game);
    this.reducer = gameReducer<Reducer>(this.processed);
  }

  /**
   * The state after `playerID`'s move, or why boardgame.io refused it. The caller has already
   * checked the credentials and the game's own rules (`checkMove`).
   */
  run(state: State, metadata: Server.MatchData, action: MoveAction, playerID: string): MoveResult | { error: string } {
    if (state.ctx.gameover !== undefined) return { error: 'game_over' };
    if (!this.processed.flow.isPlayerActive(state.G, state.ctx, playerID)) return { error: 'not_active' };
    if (!this.processed.flow.getMove(state.ctx, action.payload.type, playerID)) return { error: 'move_not_allowed' };
    const { credentials: _secret, ...payload } = action.payload;
    const next = this.reducer(state, { type: action.type, payload });
    if (next.transients?.error || next._stateID === state._stateID) return { error: next.transients?.error?.type ?? 'refused' };
    const { deltalog, transients: _t, ...clean } = next as State & { transients?: unknown };
    const updated: Server.MatchData = { ...metadata, updatedAt: Date.now() };
    if (clean.ctx.gameover !== undefined) updated.gameover = clean.ctx.gameover;
    return { state: clean as State, deltalog: deltalog ?? [], metadata: updated };
  }
}
