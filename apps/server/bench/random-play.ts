/** What the socket benchmarks share: waiting on clients, reproducible randomness, one timed random move. */
import { performance } from 'node:perf_hooks';
import { legalMoves } from '@kon/game';

/** The part of boardgame.io's client the benchmarks use. */
export interface BenchClient {
  getState(): { _stateID: number; G: unknown; ctx: any } | null;
  moves: Record<string, ((...args: any[]) => void) | undefined>;
}

/** Resolves once `ok()` holds, looking on every turn of the event loop; throws after `ms`. */
export async function waitUntil(ok: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting for the server');
    await new Promise((r) => setImmediate(r));
  }
}

/** The benchmarks' reproducible random numbers in [0, 1): the same seed plays the same game. */
export function lcg(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/**
 * One move of a match played at random: once the seat clients hold the same state, the seat that
 * must act sends a random legal move chosen from its own state. Resolves with the round trip (send →
 * every one of `watchers` holds a newer state), or null when the game is over.
 */
export async function timedRandomMove(
  seats: BenchClient[],
  watchers: BenchClient[],
  random: () => number,
  timeoutMs: number,
): Promise<number | null> {
  // Every seat's update arrives on its own socket: the next seat to act may not have its copy yet.
  await waitUntil(() => seats.every((c) => c.getState()?._stateID === seats[0]!.getState()?._stateID), timeoutMs);
  const state = seats[0]!.getState()!;
  if (state.ctx.gameover) return null;
  const seat = Object.keys(state.ctx.activePlayers ?? {})[0] ?? state.ctx.currentPlayer;
  const client = seats[Number(seat)]!;
  const own = client.getState()!;
  const options = legalMoves(own.G as any, own.ctx, seat);
  const choice = options[Math.floor(random() * options.length)]!;
  const before = own._stateID;
  const t = performance.now();
  client.moves[choice.move]!(...choice.args);
  // Every watcher must hold the new state before the next move is chosen from one of them.
  await waitUntil(() => watchers.every((c) => (c.getState()?._stateID ?? 0) > before), timeoutMs);
  return performance.now() - t;
}
