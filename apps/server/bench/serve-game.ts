/**
 * boardgame.io's own Server as its docs show it (default in-memory storage, its socket.io transport)
 * serving one game, for the load bench's yardsticks: minimal-server.ts and vanilla-server.ts.
 * PORT and HOST from the environment.
 */
import { createRequire } from 'node:module';
import type { Game } from 'boardgame.io';

const require = createRequire(import.meta.url);
const { Server } = require('boardgame.io/server') as typeof import('boardgame.io/server');

export function serveGame(game: Game): void {
  const port = Number(process.env.PORT ?? 0);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = Server({ games: [game] });
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
}
