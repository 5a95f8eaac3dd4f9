/**
 * One move through boardgame.io's reducer, the game's moves on plain copies (plain-moves.ts) against
 * the same game on immer's drafts (the plugin left out), alternating, in one process; and what a live
 * match's state and its four views take in the heap. Run with NODE_ENV=production (as the server runs):
 *
 *   NODE_ENV=production node --expose-gc --import tsx packages/game/bench/reducer-step.ts [basic|advanced]
 *
 * Not a test: nothing asserts a timing.
 */
import type { Game, State } from 'boardgame.io';
import { CreateGameReducer, InitializeGame, ProcessGameConfig, getFilterPlayerView } from 'boardgame.io/internal';
import { KampenOmNorge, legalMoves } from '../src/game.js';
import { seededRng } from '../src/testing/rng.js';

const ruleset = process.argv[2] ?? 'basic';
const immerGame: Game = { ...KampenOmNorge, plugins: (KampenOmNorge.plugins ?? []).filter((p) => p.name !== 'kon-plain-moves') };

/** A game of up to 600 random moves: each move's state before it and its action. */
function play(game: Game) {
  const processed = ProcessGameConfig({ ...game, seed: 'bench' });
  const reduce = CreateGameReducer({ game: processed }) as (s: State, a: unknown) => State;
  let state = InitializeGame({ game: processed, numPlayers: 3, setupData: { ruleset } }) as State;
  const pick = seededRng(7);
  const steps: [State, unknown][] = [];
  for (let i = 0; i < 600 && !state.ctx.gameover; i++) {
    const seat = Object.keys(state.ctx.activePlayers ?? {})[0] ?? state.ctx.currentPlayer;
    const options = legalMoves(state.G, state.ctx, seat);
    const c = options[Math.floor(pick.d6() * 997) % options.length]!;
    const action = { type: 'MAKE_MOVE', payload: { type: c.move, args: c.args, playerID: seat } };
    steps.push([state, action]);
    state = reduce(state, action);
  }
  return { reduce, steps, last: state };
}

const sides = { immer: play(immerGame), plain: play(KampenOmNorge) };
const times: Record<string, number[]> = { immer: [], plain: [] };
for (let round = 0; round < 6; round++)
  for (const name of ['immer', 'plain'] as const) {
    const { reduce, steps } = sides[name];
    const c0 = process.cpuUsage();
    for (let r = 0; r < 5; r++) for (const [s, a] of steps) reduce(s, a);
    const c = process.cpuUsage(c0);
    times[name]!.push((c.user + c.system) / 1000 / (5 * steps.length));
  }
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0]!.toFixed(3)} / median ${s[Math.floor(s.length / 2)]!.toFixed(3)} ms`;
};
console.log(
  `${ruleset}, ${sides.plain.steps.length} moves: CPU per reducer step, immer ${stat(times.immer!)}, plain ${stat(times.plain!)}`,
);

// The heap a live match keeps: its state, and the view last sent to each seat and the spectators.
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  const { deltalog: _d, ...state } = sides.plain.last as State & { deltalog?: unknown };
  const filter = getFilterPlayerView(KampenOmNorge) as unknown as (
    p: string | null,
    m: { type: string; args: unknown[] },
  ) => { args: unknown[] };
  const n = 1000;
  const keep: unknown[] = [];
  gc();
  const h0 = process.memoryUsage().heapUsed;
  for (let i = 0; i < n; i++) keep.push(structuredClone(state));
  gc();
  const h1 = process.memoryUsage().heapUsed;
  for (let i = 0; i < n; i++) keep.push(['0', '1', '2', null].map((p) => filter(p, { type: 'update', args: ['m', keep[i]] }).args[1]));
  gc();
  const h2 = process.memoryUsage().heapUsed;
  console.log(
    `live match in the heap: state ${((h1 - h0) / n / 1024).toFixed(1)} KB, its four views ${((h2 - h1) / n / 1024).toFixed(1)} KB`,
  );
}
