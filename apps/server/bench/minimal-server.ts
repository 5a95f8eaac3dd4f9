/**
 * The baseline of the load bench (load.ts): boardgame.io's own Server as its docs show it, with a
 * trivial three-seat game, default in-memory storage and boardgame.io's own socket.io transport.
 * load.ts bundles this file with esbuild and runs it with plain node, as `npm start` runs ours, so
 * both processes pay the same runtime overheads. PORT and HOST from the environment.
 */
import type { Game } from 'boardgame.io';
import { serveGame } from './serve-game';

/** One move that changes one number; the turn passes after every move so each seat gets to act. */
const Counter: Game<{ count: number }> = {
  name: 'counter',
  minPlayers: 3,
  maxPlayers: 3,
  setup: () => ({ count: 0 }),
  moves: {
    increment: ({ G }) => {
      G.count++;
    },
  },
  turn: { minMoves: 1, maxMoves: 1 },
  // DELTA_STATE=1 (load.ts --minimal-patches): 'patch' events instead of 'update', to compare those.
  deltaState: process.env.DELTA_STATE === '1',
};

serveGame(Counter);
