/**
 * A finished game's record (apps/server/src/matches/replay.ts makes it) and its replay in the browser: the
 * set-up and seed give the same first state, every move is run through boardgame.io's own reducer
 * with the game package, and the last state must end the way the record says. Files opened by hand
 * are checked with zod before anything runs.
 */
import { gameRecord, type GameRecord } from '@kon/protocol/record';
import { CreateGameReducer, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { KampenOmNorge, viewFor, type FactionView, type GameState, type LogEntry } from '@kon/game';

/** The server's record schema (the protocol's), which a file opened by hand must pass too. */
export const recordSchema = gameRecord;
export type { GameRecord };

/** Why a record will not do, in a few words (for "the file is not a valid game record: …"). */
export function parseRecord(raw: unknown): { ok: true; record: GameRecord } | { ok: false; why: string } {
  const r = recordSchema.safeParse(raw);
  if (r.success) return { ok: true, record: r.data };
  const i = r.error.issues[0]!;
  return { ok: false, why: `${i.path.join('.') || 'file'}: ${i.message}` };
}

export interface ReplayStep {
  /** The true state after `move` moves (0: the set-up). */
  G: GameState;
  /** The whole log up to here. */
  log: LogEntry[];
  /** Which seat made the move that led here (null for the set-up). */
  by: string | null;
}

export class ReplayError extends Error {}

/** Every state of the game, from the set-up to the end; throws a ReplayError if a move is refused or the end differs. */
export function replayRecord(record: GameRecord): ReplayStep[] {
  const game = { ...KampenOmNorge, seed: record.seed } as any;
  let state: any;
  try {
    state = InitializeGame({ game, numPlayers: 3, setupData: record.setupData });
  } catch (e) {
    throw new ReplayError(`set-up refused: ${(e as Error).message}`);
  }
  const reducer = CreateGameReducer({ game: ProcessGameConfig(game) as any }) as (s: any, a: any) => any;
  const log: LogEntry[] = [];
  const take = (G: GameState) => {
    log.length = G.logBase; // an undo takes back what came after its batch
    log.push(...G.log);
    return [...log];
  };
  const steps: ReplayStep[] = [{ G: state.G, log: take(state.G), by: null }];
  record.moves.forEach((m, i) => {
    const next = reducer(state, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID: m.playerID } });
    if (next._stateID === state._stateID || next.transients?.error) throw new ReplayError(`move ${i + 1} (${m.move}) was refused`);
    state = next;
    steps.push({ G: state.G, log: take(state.G), by: m.playerID });
  });
  const end = steps[steps.length - 1]!.G.result ?? null;
  if (JSON.stringify(end) !== JSON.stringify(record.result ?? null)) throw new ReplayError('mismatch');
  return steps;
}

/** Save a record as a file (the browser's download). */
export function downloadRecord(record: unknown, matchID: string) {
  const blob = new Blob([JSON.stringify(record, null, 1)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `kampen-om-norge-${matchID}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * A finished game seen with nothing hidden: the spectators' view of the board with every hand, every
 * ship's identity (face-down ones stay face down, but named) and every reserve and 9. April hand put back.
 */
export function revealedView(G: GameState): FactionView {
  const open = viewFor(G, null);
  return {
    ...open,
    hands: G.hands,
    ships: G.ships.map((s) => ({ ...s })),
    shipReserve: G.shipReserve,
    ...(G.april9 !== undefined ? { april9: G.april9 } : {}),
    ...(G.naval !== undefined ? { naval: G.naval as unknown as FactionView['naval'] } : {}),
  };
}
