/**
 * The patch differ on real views: a random game of up to 600 moves through boardgame.io's reducer, each
 * state's four views (three seats and the spectators, through the game's playerView as the server
 * makes them), and the four patches of each move, by the differ the server uses against the one it
 * used before (test/fixtures/json-diff-reference.ts), alternating, in one process. Checks that both
 * make the same patches byte for byte (the server's views against views made afresh), and the CPU of
 * the server's whole publication of a move (four views, four patches). Run with NODE_ENV=production (as the server runs):
 *
 *   NODE_ENV=production npx tsx apps/server/bench/view-diff.ts [basic|advanced]
 *
 * Not a test: nothing asserts a timing.
 */
import type { State } from 'boardgame.io';
import { CreateGameReducer, getFilterPlayerView, InitializeGame, ProcessGameConfig } from 'boardgame.io/internal';
import { KampenOmNorge, legalMoves } from '../../../packages/game/src/game.js';
import { seededRng } from '../../../packages/game/src/testing/rng.js';
import { diffJson } from '../src/core/json-diff.js';
import { diffJson as referenceDiff } from '../test/fixtures/json-diff-reference.js';

const ruleset = process.argv[2] ?? 'basic';
const processed = ProcessGameConfig({ ...KampenOmNorge, seed: 'bench' });
const reduce = CreateGameReducer({ game: processed }) as (s: State, a: unknown) => State;
let state = InitializeGame({ game: processed, numPlayers: 3, setupData: { ruleset } }) as State;
const pick = seededRng(7);
const states: State[] = [state];
const actions: unknown[] = [];
for (let i = 0; i < 600 && !state.ctx.gameover; i++) {
  const seat = Object.keys(state.ctx.activePlayers ?? {})[0] ?? state.ctx.currentPlayer;
  const options = legalMoves(state.G, state.ctx, seat);
  const c = options[Math.floor(pick.d6() * 997) % options.length]!;
  const action = { type: 'MAKE_MOVE', payload: { type: c.move, args: c.args, playerID: seat } };
  actions.push(action);
  state = reduce(state, action);
  const { deltalog: _d, ...kept } = state as State & { deltalog?: unknown };
  states.push(kept as State);
}
const filter = getFilterPlayerView(KampenOmNorge) as unknown as (
  p: string | null,
  m: { type: string; args: unknown[] },
) => { args: unknown[] };
const SEATS = ['0', '1', '2', null];
const viewsOf = (s: State) => SEATS.map((p) => filter(p, { type: 'update', args: ['m', s] }).args[1]);
// The views as made afresh (a shallow copy of G is not a settled state: the game's view keeps nothing of it).
const views = states.map((s) => viewsOf({ ...s, G: { ...s.G } }));
const moves = states.length - 1;

let same = 0;
for (let i = 1; i <= moves; i++) {
  const sizes = new WeakMap<object, number>();
  const shared = new Map();
  const referenceSizes = new WeakMap<object, number>();
  const kept = [viewsOf(states[i - 1]!), viewsOf(states[i]!)];
  for (let k = 0; k < 4; k++)
    if (
      JSON.stringify(diffJson(kept[0]![k], kept[1]![k], sizes, shared)) ===
      JSON.stringify(referenceDiff(views[i - 1]![k], views[i]![k], referenceSizes))
    )
      same++;
}

const sides = { before: referenceDiff, after: diffJson };
const times: Record<string, number[]> = { before: [], after: [] };
for (let round = 0; round < 8; round++)
  for (const [name, diff] of Object.entries(sides)) {
    const c0 = process.cpuUsage();
    for (let r = 0; r < 5; r++)
      for (let i = 1; i <= moves; i++) {
        const sizes = new WeakMap<object, number>();
        for (let k = 0; k < 4; k++) diff(views[i - 1]![k], views[i]![k], sizes);
      }
    const c = process.cpuUsage(c0);
    times[name]!.push((c.user + c.system) / 1000 / (5 * moves));
  }
const stat = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `min ${s[0]!.toFixed(4)} / median ${s[Math.floor(s.length / 2)]!.toFixed(4)} ms`;
};
// The server's whole publication of a move: its four views of the new state and their four patches,
// each seat's diff walking every part again ('apart') or taking the parts an earlier seat's diff
// already made ('shared', as the server does). The same game replayed each round (untimed), so that
// every round views states it has not seen.
const published: Record<'apart' | 'shared', number[]> = { apart: [], shared: [] };
for (let round = 0; round < 8; round++)
  for (const how of round % 2 ? (['shared', 'apart'] as const) : (['apart', 'shared'] as const)) {
    let s = InitializeGame({ game: processed, numPlayers: 3, setupData: { ruleset } }) as State;
    const replayed: State[] = [s];
    for (const a of actions) replayed.push((s = reduce(s, a)));
    const c0 = process.cpuUsage();
    let last = viewsOf(replayed[0]!);
    for (let i = 1; i < replayed.length; i++) {
      const next = viewsOf(replayed[i]!);
      const sizes = new WeakMap<object, number>();
      const shared = how === 'shared' ? new Map() : undefined;
      for (let k = 0; k < 4; k++) diffJson(last[k], next[k], sizes, shared);
      last = next;
    }
    const c = process.cpuUsage(c0);
    published[how].push((c.user + c.system) / 1000 / moves);
  }
console.log(`${ruleset}, ${moves} moves, four views each: patches identical ${same} of ${4 * moves}`);
console.log(`CPU for a move's four patches: before ${stat(times.before!)}, after ${stat(times.after!)}`);
console.log(`CPU for a move's four views and four patches: apart ${stat(published.apart)}, shared ${stat(published.shared)}`);
