import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Game } from 'boardgame.io';
import type Koa from 'koa';
import type { z } from 'zod';
import type { Config } from './config';
import { apiRouter, baseMiddleware, healthRoute, RateLimiter, type HttpDeps } from './http';
import { staticFiles } from './static-files';
import { authenticateCredentials, Lobby } from './lobby';
import { KeyedMutex } from './lock';
import { createLogger, type Logger } from './log';
import { openStorage, type SqlStorage } from './storage';
import { HardenedTransport, type MoveCheck } from './transport';
import { readScenarioDir, type ScenarioLoader } from './scenarios';

const require = createRequire(import.meta.url);
// boardgame.io/server has no ESM entry that Node can load: use its CommonJS build.
const { Server } = require('boardgame.io/server') as typeof import('boardgame.io/server');

export interface GameModule {
  game: Game;
  setupDataSchema: z.ZodType;
  checkMove?: MoveCheck;
  /** Validates scenario files; without it the server offers no scenarios. */
  loadScenarioFiles?: ScenarioLoader;
}

/** The game as the server runs it: no undo (it would cross draws and rolls), full updates, no static seed. */
export function serverGame(game: Game): Game {
  const { seed: _ignored, ...rest } = game as Game & { seed?: unknown };
  return { ...rest, disableUndo: true, deltaState: false };
}

export interface RunningServer {
  url: string;
  port: number;
  storage: SqlStorage;
  lobby: Lobby;
  transport: HardenedTransport;
  app: Koa;
  /** Graceful stop: refuse new work, finish in-flight moves and their writes, close sockets and storage. */
  stop(reason?: string): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** Wrap the storage (tests use it to slow writes down). */
  wrapStorage?: (s: SqlStorage) => SqlStorage;
}

export async function loadGameModule(): Promise<GameModule> {
  const mod = (await import('@kon/game')) as unknown as {
    KampenOmNorge: Game;
    setupDataSchema: z.ZodType;
    checkMove: MoveCheck;
    loadScenarioFiles: ScenarioLoader;
  };
  if (!mod.KampenOmNorge || !mod.setupDataSchema || !mod.checkMove)
    throw new Error('@kon/game does not export KampenOmNorge, setupDataSchema and checkMove');
  return { game: mod.KampenOmNorge, setupDataSchema: mod.setupDataSchema, checkMove: mod.checkMove, loadScenarioFiles: mod.loadScenarioFiles };
}

export async function startServer(config: Config, gameModule?: GameModule, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? createLogger(config.logLevel === 'silent' ? 'silent' : config.logLevel, { service: 'kon-server' });
  const { game, setupDataSchema, checkMove, loadScenarioFiles } = gameModule ?? (await loadGameModule());
  const scenarios = loadScenarioFiles ? readScenarioDir(config.scenariosDir, loadScenarioFiles, log.child({ component: 'scenarios' })) : [];
  let storage = await openStorage(config);
  if (opts.wrapStorage) storage = opts.wrapStorage(storage);
  const lock = new KeyedMutex();
  const lobby = new Lobby(serverGame(game), setupDataSchema, storage, lock, log.child({ component: 'lobby' }), config.maxMembersPerSeat, scenarios);
  const transport = new HardenedTransport({
    storage,
    lobby,
    lock,
    log,
    origins: config.origins,
    maxMessageBytes: config.socketMaxMessageBytes,
    messagesPer10s: config.socketMessagesPer10s,
    ...(checkMove ? { checkMove } : {}),
  });
  lobby.presence = transport.presence;

  let shuttingDown = false;
  const server = Server({
    games: [serverGame(game)],
    db: storage,
    transport: transport as never,
    origins: config.origins,
    authenticateCredentials,
  });
  const app = server.app as unknown as Koa;
  const limiter = new RateLimiter();
  const deps: HttpDeps = { config, lobby, storage, log, limiter, isShuttingDown: () => shuttingDown };
  baseMiddleware(app, deps);
  healthRoute(app, deps);
  const router = apiRouter(deps);
  app.use(router.routes()).use(router.allowedMethods());
  staticFiles(app, config.webDist);
  app.use(async (ctx) => {
    ctx.status = 404;
    ctx.body = { error: { code: 'not_found', message: 'Not found.' } };
  });

  // Compose the middleware only now, after every route is added (see DESIGN: koa-compose 4.2.0).
  const httpServer = http.createServer(app.callback());
  httpServer.keepAliveTimeout = 5_000;
  transport.attach(httpServer);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
  log.info('listening', { port, host: config.host, storage: storage.kind, webDist: config.webDist, mode: process.env.NODE_ENV ?? 'development' });

  let stopping: Promise<void> | undefined;
  const stop = (reason = 'stop') =>
    (stopping ??= (async () => {
      log.info('shutting down', { reason });
      shuttingDown = true;
      transport.stopAccepting();
      httpServer.close();
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), config.shutdownTimeoutMs).unref());
      // Finish every move and lobby write already under way, then every storage write.
      const drained = await Promise.race([lock.idle().then(() => storage.drain()).then(() => 'ok' as const), timeout]);
      if (drained === 'timeout') log.error('shutdown timed out waiting for pending work');
      await transport.close();
      httpServer.closeAllConnections?.();
      limiter.stop();
      await storage.close();
      log.info('stopped');
    })());

  return { url, port, storage, lobby, transport, app, stop };
}
