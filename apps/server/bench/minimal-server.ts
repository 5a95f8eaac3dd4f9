/**
 * The baseline of the load bench (load.ts): boardgame.io's own Server as its docs show it, with a
 * trivial three-seat game, default in-memory storage and boardgame.io's own socket.io transport.
 * load.ts bundles this file with esbuild and runs it with plain node, as `npm start` runs ours, so
 * both processes pay the same runtime overheads. PORT and HOST from the environment.
 */
import { createRequire } from 'node:module';
import type { Game } from 'boardgame.io';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server') as typeof import('boardgame.io/server');

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

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const server = Server({ games: [Counter] });
// Server.run() listens on every interface; the bench keeps to the loopback one.
const app = server.app as unknown as { listen: (...a: unknown[]) => unknown };
const listen = app.listen.bind(app);
app.listen = (p: unknown, cb: unknown) => listen(p, host, cb);
// boardgame.io logs every move at info level outside production; the bench sets NODE_ENV=production.
// No top-level await: the bundle is CommonJS, like ours.
void server.run(port).then((running) => {
  const stop = () => {
    server.kill(running);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
});
