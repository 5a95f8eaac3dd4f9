import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { Game } from 'boardgame.io';
import type Koa from 'koa';
import type { GameModule } from '@kon/platform';
import type { Config } from './config';
import { apiRouter, baseMiddleware, healthRoute, metricsRoute, type HttpDeps } from './http';
import { RateLimits } from './rate-limits';
import { staticFiles } from './static-files';
import { authenticateCredentials, Lobby } from './lobby';
import { KeyedMutex } from './lock';
import { createLogger, type Logger } from './log';
import { openStorage, type SqlStorage } from './storage';
import { HardenedTransport } from './transport';
import { readScenarioDir } from './scenarios';
import { startCluster, type Cluster } from './cluster';
import { MatchReplay } from './replay';
import { Rematches } from './rematch';
import { replayRoutes } from './replay-routes';
import { BotSeats } from './bots/driver';
import { BOT_ATTEMPTS, BotPool } from './bots/pool';
import { ClockService, type OwnDecisionTimeout } from './clocks/service';
import { clockRoutes } from './clocks/routes';
import { NotificationService } from './notifications/service';
import { notificationRoutes } from './notifications/routes';
import { vapidKeys, vapidSubject } from './notifications/vapid';
import { PlayerLists } from './devices/player-list';
import { deviceRoutes } from './devices/routes';
import { botRoutes } from './bots/routes';
import { countingErrors, secondsSince, ServerMetrics } from './metrics';
import { AutoPass } from './autopass/service';
import { AUTOPASS_EVENT, autopassRoutes } from './autopass/routes';
import type { BotStrength, ErrorCode } from '@kon/protocol';
import { loadGames, type ServerGames } from './games';
import { firstGameOnly } from './game-scope';
import { MatchGames } from './match-games';
import { openSideSql } from './ratings/sql';
import { RatingService } from './ratings/service';
import type { RatingRules } from './ratings/model';
import { markComputerSeats } from './ratings/intent';
import { Matchmaker, type SeatBinder } from './matchmaker/service';
import { matchmakerRoutes, type NamesOf } from './matchmaker/routes';

const require = createRequire(import.meta.url);
// boardgame.io/server has no ESM entry that Node can load: use its CommonJS build.
const { Server } = require('boardgame.io/server') as typeof import('boardgame.io/server');

export { loadGames, type ServerGames } from './games';
/** The games the server hosts (the old name of loadGames, kept for the benches and tests). */
export const loadGameModule = loadGames;

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
  /** Computer seats: handSeatToBot(matchID, seat, strength, reason) gives a seat to a bot. */
  bots: BotSeats;
  clocks: ClockService;
  notifications: NotificationService;
  /** Passes for a person's seat when passing is all it can do, and holds quicker clicked passes. */
  autopass: AutoPass;
  /** Ratings of finished matches (ratings/service.ts). */
  ratings: RatingService;
  /** Tickets matched into matches (matchmaker/service.ts); its `binder` hands each seat to its account. */
  matchmaker: Matchmaker;
  app: Koa;
  /** Graceful stop: refuse new work, finish in-flight moves and their writes, close sockets and storage. */
  stop(reason?: string): Promise<void>;
}

export interface StartOptions {
  log?: Logger;
  /** Wrap the storage (tests use it to slow writes down). */
  wrapStorage?: (s: SqlStorage) => SqlStorage;
  /** The clocks' idea of now (tests move time on without waiting). */
  now?: () => number;
  /** A computer player takes over a seat whose time ran out (bots wire theirs in here). */
  onOwnDecisionTimeout?: OwnDecisionTimeout;
  /** First retry delay of a failed notification (tests make it short). */
  notifyRetryBaseMs?: number;
  /** The automatic passes' delay distribution (tests spy on it). */
  autopassDraw?: (medianMs: number) => number;
  /** The accounts' bindSeat for the match maker's matches. */
  seatBinder?: SeatBinder;
  /** The accounts' display names, for leaderboards and profiles. */
  namesOf?: NamesOf;
  /** When a match counts and who is listed (default: ratings/rules.json). */
  ratingRules?: RatingRules;
}

export async function startServer(config: Config, serverGames?: ServerGames, opts: StartOptions = {}): Promise<RunningServer> {
  const metrics: ServerMetrics = new ServerMetrics({ liveMatches: () => transport.liveMatchCount, sockets: () => transport.socketCount });
  const log = countingErrors(
    opts.log ?? createLogger(config.logLevel === 'silent' ? 'silent' : config.logLevel, { service: 'kon-server' }),
    metrics,
  );
  const { registry: games, loadScenarioFiles } = serverGames ?? (await loadGames());
  // One server-side copy of each game (serverGame), shared by the lobby, the transport and replays.
  const runAs = new Map<GameModule, Game>(games.all.map((m) => [m, serverGame(m.game)]));
  const gameOfModule = (m: GameModule) => runAs.get(m) ?? serverGame(m.game);
  const scenarios = loadScenarioFiles ? readScenarioDir(config.scenariosDir, loadScenarioFiles, log.child({ component: 'scenarios' })) : [];
  let storage = await openStorage(config);
  if (opts.wrapStorage) storage = opts.wrapStorage(storage);
  timeCommits(storage, metrics);
  // With REDIS_URL this process is one of several: a shared lease per match, shared rate limits, and
  // a bus that brings the others' moves, presence and chat to this process's sockets.
  let cluster: Cluster | undefined;
  try {
    cluster = config.redisUrl ? await startCluster(config.redisUrl, config.redisKeyPrefix, log.child({ component: 'cluster' })) : undefined;
  } catch (e) {
    await storage.close().catch(() => {});
    throw e;
  }
  const lock = cluster?.lock ?? new KeyedMutex();
  const limits = new RateLimits(
    { apiPerMinute: config.rateLimitPerMinute, createPerHour: config.createLimitPerHour, socketPer10s: config.socketMessagesPer10s },
    log.child({ component: 'rate-limits' }),
    cluster ? { redis: cluster.redis, prefix: config.redisKeyPrefix } : undefined,
  );
  const lobby = new Lobby(games, gameOfModule, storage, lock, log.child({ component: 'lobby' }), config.maxMembersPerSeat, scenarios);
  // The ratings' and the match maker's own tables, in the same database through a connection of their own.
  const sideSql = openSideSql(config);
  const ratings = new RatingService(sideSql, storage, log.child({ component: 'ratings' }), opts.ratingRules);
  const matchmaker = new Matchmaker({
    sql: sideSql,
    storage,
    lobby,
    ratings,
    log: log.child({ component: 'matchmaker' }),
    ...(opts.seatBinder ? { binder: opts.seatBinder } : {}),
  });
  try {
    await ratings.init();
    await matchmaker.init();
  } catch (e) {
    await sideSql.close().catch(() => {});
    await cluster?.close();
    await storage.close().catch(() => {});
    throw e;
  }
  const transport: HardenedTransport = new HardenedTransport({
    storage,
    lobby,
    lock,
    log,
    origins: config.origins,
    maxMessageBytes: config.socketMaxMessageBytes,
    limits,
    checkMoveOf: (name) => games.get(name)?.checkMove,
    ...(cluster ? { bus: cluster.bus, sharedPresence: cluster.presence } : {}),
    metrics,
  });
  lobby.presence = transport.presence;
  lobby.handOverAfterMs = config.handOverAfterMs;
  // Computer players, clocks and "your move" messages ask each match's game module. Automatic passes
  // are Kampen om Norge's (windows where passing is all a side can do; Deres's orders are always a
  // decision): they see its matches only (game-scope.ts).
  const matchGames = new MatchGames(games, async (id) => (await storage.fetchLobby(id))?.metadata.gameName);
  const konTransport = firstGameOnly(transport, games.default.id, (id) => matchGames.of(id));
  const pool = new BotPool({
    size: config.botWorkers,
    timeoutMs: config.botTimeoutMs,
    log,
    onDecision: (ok, s) => metrics.botDecision(ok, s),
  });
  // A decision's claim outlives its longest thinking (every attempt timed out) and the pause before the move.
  const claimMs = config.botTimeoutMs * BOT_ATTEMPTS + config.botMoveDelayMs + 5_000;
  const bots = new BotSeats({
    transport,
    lobby,
    storage,
    pool,
    log,
    moveDelayMs: config.botMoveDelayMs,
    nextMoveDelayMs: config.botNextMoveDelayMs,
    unwatchedMoveDelayMs: config.botUnwatchedMoveDelayMs,
    handOverAfterMs: config.handOverAfterMs,
    shared: !!cluster,
    ...(cluster
      ? { claim: { ttlMs: claimMs, take: (matchID: string, stateID: number) => cluster.claim(`bots:${matchID}:${stateID}`, claimMs) } }
      : {}),
  });
  const clocks = new ClockService({
    storage,
    transport,
    log,
    gameOf: (id) => matchGames.of(id),
    shared: !!cluster,
    ...(opts.now ? { now: opts.now } : {}),
    // A side out of time in its own decision, with "pass / computer" chosen and no move the game
    // makes for it: its game's weakest computer player takes its seat (its members can take it back).
    onOwnDecisionTimeout:
      opts.onOwnDecisionTimeout ??
      (async (matchID, playerID) => {
        const row = await lobby.record(matchID);
        const seat = row?.lobby.seats.find((s) => s.playerIDs.includes(playerID));
        // The game's weakest computer player (Easy for both games).
        const level = row && lobby.gameOf(row.metadata).bots?.levels[0];
        if (!seat || !level) return false;
        await bots.handSeatToBot(matchID, seat.key, level as BotStrength, 'timeout');
        return true;
      }),
  });
  // Web Push signs with one key pair for the server's whole life (vapid.ts): made once, then kept.
  const vapid = await vapidKeys(storage, config.vapid.keys);
  const notifications = new NotificationService({
    storage,
    transport,
    log,
    gameOf: (id) => matchGames.of(id),
    shared: !!cluster,
    smtp: config.smtp,
    publicUrl: config.publicUrl,
    webhookTargets: config.webhookTargets,
    attempts: config.notifyAttempts,
    awayAfterMs: config.notifyAwayAfterMs,
    ...(opts.notifyRetryBaseMs !== undefined ? { retryBaseMs: opts.notifyRetryBaseMs } : {}),
    clockView: (matchID) => clocks.view(matchID),
    push: { keys: vapid, subject: config.vapid.subject ?? vapidSubject(config.publicUrl) },
  });
  const autopass = new AutoPass({
    transport: konTransport,
    lobby,
    storage,
    log,
    medianMs: config.autopassDelayMs,
    isComputer: (matchID, playerID) => bots.isComputer(matchID, playerID),
    ...(opts.autopassDraw ? { draw: opts.autopassDraw } : {}),
  });
  // The game, its clock and its "your move" messages begin once every seat is taken: they hear of
  // every roster change too.
  const presence = transport.presence;
  lobby.presence = {
    ...presence,
    rosterChanged: (matchID, removed) => {
      presence.rosterChanged(matchID, removed);
      // A seat handed to or taken back from the computer, or its passing switch flipped.
      autopass.refresh(matchID).catch((e: unknown) => log.error('automatic pass refresh failed', { matchID, err: e }));
      storage
        .fetchLobby(matchID)
        .then((row) => {
          if (!row) return;
          clocks.rosterChanged(matchID, row.lobby);
          notifications.rosterChanged(matchID, row.lobby);
          // A seat the computer takes over in a rated match counts as lost (ratings/intent.ts).
          markComputerSeats(storage, matchID, row.lobby as never).catch((e: unknown) =>
            log.error('computer seat mark failed', { matchID, err: e }),
          );
        })
        .catch((e: unknown) => log.error('roster hooks failed', { matchID, err: e }));
    },
  };

  let shuttingDown = false;
  const server = Server({
    // Every hosted game: each has its own socket namespace; a match is served by the game it was made with.
    games: games.all.map(gameOfModule),
    db: storage,
    transport: transport as never,
    origins: config.origins,
    authenticateCredentials,
  });
  const app = server.app as unknown as Koa;
  const replay = new MatchReplay((gameName) => gameOfModule(games.of(gameName)), storage, scenarios);
  transport.onMoveCommitted((e) => replay.committed(e));
  // The move that ended a match: judge it for the ratings (once, whichever process hears it).
  transport.onMoveCommitted((e) => {
    if (e.state.ctx.gameover === undefined) return;
    ratings.finished(e.matchID).catch((err: unknown) => log.error('rating a match failed', { matchID: e.matchID, err }));
  });
  const rematches = new Rematches(lobby, storage, lock, log.child({ component: 'rematch' }));
  const deps: HttpDeps = {
    config,
    lobby,
    storage,
    log,
    limits,
    isShuttingDown: () => shuttingDown,
    moreRoutes: [
      replayRoutes({ lobby, replay, rematches }),
      clockRoutes(clocks),
      notificationRoutes(notifications),
      deviceRoutes(new PlayerLists(storage)),
      (router) => botRoutes(router, bots, config),
      matchmakerRoutes(matchmaker, ratings, opts.namesOf),
      autopassRoutes({
        available: config.autopass,
        changed: (matchID, playerIDs, on) => {
          transport.emitToSeat(matchID, playerIDs, AUTOPASS_EVENT, { on });
          autopass.refresh(matchID).catch((e: unknown) => log.error('automatic pass refresh failed', { matchID, err: e }));
        },
      }),
    ],
    ...(cluster ? { ping: cluster.ping } : {}),
    stateOf: (id) => transport.currentState(id),
    clockOf: (id) => clocks.view(id),
    metrics,
  };
  baseMiddleware(app, deps);
  healthRoute(app, deps);
  metricsRoute(app, deps);
  const router = apiRouter(deps);
  app.use(router.routes()).use(router.allowedMethods());
  staticFiles(app, config.webDist);
  app.use(async (ctx) => {
    ctx.status = 404;
    ctx.body = { error: { code: 'not_found' satisfies ErrorCode, message: 'Not found.' } };
  });

  // Compose the middleware only now, after every route is added (apps/server/README.md, "How the boardgame.io 0.50.2 holes are closed": koa-compose 4.2.0).
  const httpServer = http.createServer(app.callback());
  httpServer.keepAliveTimeout = 5_000;
  transport.attach(httpServer);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
  bots.start();
  if (config.autopass) autopass.start();
  await clocks.start();
  // Matches that ended while no process could hear it (a crash between the move and its rating).
  ratings.catchUp().catch((e: unknown) => log.error('rating catch-up failed', { err: e }));
  log.info('listening', {
    port,
    host: config.host,
    storage: storage.kind,
    cluster: cluster ? cluster.bus.id : false,
    webDist: config.webDist,
    mode: process.env.NODE_ENV ?? 'development',
  });

  let stopping: Promise<void> | undefined;
  const stop = (reason = 'stop') =>
    (stopping ??= (async () => {
      log.info('shutting down', { reason });
      shuttingDown = true;
      transport.stopAccepting();
      await bots.stop();
      autopass.stop();
      clocks.stop();
      notifications.stop();
      httpServer.close();
      const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), config.shutdownTimeoutMs).unref());
      // Finish every move and lobby write already under way, then every storage write.
      const drained = await Promise.race([
        lock
          .idle()
          .then(() => storage.drain())
          .then(() => 'ok' as const),
        timeout,
      ]);
      if (drained === 'timeout') log.error('shutdown timed out waiting for pending work');
      await transport.close();
      httpServer.closeAllConnections?.();
      await cluster?.close();
      await sideSql.close().catch(() => {});
      await storage.close();
      log.info('stopped');
    })());

  return { url, port, storage, lobby, transport, bots, clocks, notifications, autopass, ratings, matchmaker, app, stop };
}

/** Times every durable move write for GET /metrics, whatever store is behind it. */
function timeCommits(storage: SqlStorage, metrics: ServerMetrics) {
  const commit = storage.commitMove.bind(storage);
  storage.commitMove = async (matchID, c) => {
    const started = process.hrtime.bigint();
    try {
      return await commit(matchID, c);
    } finally {
      metrics.storeWrite(secondsSince(started));
    }
  };
}
