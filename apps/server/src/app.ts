import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Game } from 'boardgame.io';
import Koa from 'koa';
import type { GameModule, GameRegistry } from '@kon/platform';
import type { Lesson } from '@kon/platform/lessons';
import type { ErrorCode } from '@kon/protocol';
import type { Config } from './core/config';
import { apiRouter, baseMiddleware, healthRoute, metricsRoute, type ApiRoutes, type HttpDeps } from './http/routes';
import { RateLimits } from './http/rate-limits';
import { securityHeaders } from './http/security-headers';
import { staticFiles } from './http/static-files';
import { Lobby } from './lobby/lobby';
import { KeyedMutex } from './core/lock';
import { createLogger, type Logger } from './core/log';
import { openStorage, type SqlStorage } from './storage';
import { HardenedTransport } from './transport';
import { readScenarioDir, type ScenarioDef } from './lobby/scenarios';
import { startCluster, type Cluster } from './cluster';
import { replayRoutes } from './matches/replay-routes';
import type { BotSeats } from './bots/driver';
import type { ClockService } from './clocks/service';
import { clockRoutes } from './clocks/routes';
import type { NotificationService } from './notifications/service';
import { notificationRoutes } from './notifications/routes';
import { PlayerLists } from './devices/player-list';
import { deviceRoutes } from './devices/routes';
import { botRoutes } from './bots/routes';
import { countingErrors, secondsSince, ServerMetrics } from './core/metrics';
import type { AutoPass } from './autopass/service';
import { codeCacheUse } from './start/code-cache';
import { AUTOPASS_EVENT, autopassRoutes } from './autopass/routes';
import { loadGames, type ServerGames } from './games/registry';
import { MatchGames } from './matches/match-games';
import { ProcessGameConfig } from './games/bgio-internal';
import { buildServices, startServices, stopServices, wireServices, type ServiceOptions, type Services } from './app-services';
import { startPlayers, type Players } from './players';
import { startRatings, type RatingLayer, type RatingOptions } from './ratings/layer';
import { matchmakerRoutes } from './matchmaker/routes';
import { MatchFoundTeller, namesFrom } from './matchmaker/tell';
import { chatBlocks } from './matchmaker/chat-blocks';

export { loadGames, type ServerGames } from './games/registry';
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
  /** Accounts, sessions and the seats accounts hold (players/index.ts). */
  players: Players;
  /** Ratings of finished matches (ratings/service.ts). */
  ratings: RatingLayer['ratings'];
  /** Tickets matched into matches (matchmaker/service.ts); its `binder` hands each seat to its account. */
  matchmaker: RatingLayer['matchmaker'];
  app: Koa;
  /** Graceful stop: refuse new work, finish in-flight moves and their writes, close sockets and storage. */
  stop(reason?: string): Promise<void>;
}

export interface StartOptions extends ServiceOptions, RatingOptions {
  log?: Logger;
  /** Wrap the storage (tests use it to slow writes down). */
  wrapStorage?: (s: SqlStorage) => SqlStorage;
}

/**
 * The server, in named steps: the stores, the match play (lobby and move path), the services that
 * follow matches, their wiring, the HTTP app and its routes, listening, and the services' start.
 */
export async function startServer(config: Config, serverGames?: ServerGames, opts: StartOptions = {}): Promise<RunningServer> {
  const core = await openCore(config, serverGames ?? (await loadGames()), opts);
  const play = matchPlay(config, core);
  const rating = await startRatings(config, { ...core, ...play }, opts);
  const services = await buildServices({ config, ...core, ...play }, opts, [rating.service]);
  wireServices({ config, ...core, ...play }, services.list);
  const people = await startPeople(config, core, play, services, rating, opts);
  let shuttingDown = false;
  const app = httpApp(config, core, play, services, people, opts, () => shuttingDown);
  const httpServer = await listen(config, app, play.transport);
  await startServices(config, services);
  rating.start();
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${port}`;
  core.log.info('listening', {
    port,
    host: config.host,
    storage: core.storage.kind,
    cluster: core.cluster ? core.cluster.bus.id : false,
    webDist: config.webDist,
    mode: process.env.NODE_ENV ?? 'development',
    codeCache: codeCacheUse(),
  });
  const stop = stopper(config, core, play, services, people, httpServer, () => {
    shuttingDown = true;
  });
  const { lobby, transport } = play;
  const { bots, clocks, notifications, autopass } = services;
  const { players } = people;
  const { ratings, matchmaker } = rating;
  return {
    url,
    port,
    storage: core.storage,
    lobby,
    transport,
    bots,
    clocks,
    notifications,
    autopass,
    players,
    ratings,
    matchmaker,
    app,
    stop,
  };
}

/** What every later step reads: the log, the metrics, the games, the store and the other processes. */
interface Core {
  log: Logger;
  metrics: ServerMetrics;
  registry: GameRegistry;
  /** The server-side copy of each game (serverGame), shared by the lobby, the transport and replays. */
  gameOfModule: (m: GameModule) => Game;
  scenarios: ScenarioDef[];
  /** Every game's lessons (docs/lessons.md). */
  lessons: readonly Lesson[];
  storage: SqlStorage;
  cluster: Cluster | undefined;
  lock: KeyedMutex;
  limits: RateLimits;
  /** Filled by matchPlay: the metrics count its matches and sockets. */
  counted: { transport?: HardenedTransport };
}

async function openCore(config: Config, { registry, loadScenarioFiles, lessons }: ServerGames, opts: StartOptions): Promise<Core> {
  const counted: Core['counted'] = {};
  const metrics = new ServerMetrics({
    liveMatches: () => counted.transport?.liveMatchCount ?? 0,
    sockets: () => counted.transport?.socketCount ?? 0,
  });
  const log = countingErrors(
    opts.log ?? createLogger(config.logLevel === 'silent' ? 'silent' : config.logLevel, { service: 'kon-server' }),
    metrics,
  );
  const runAs = new Map<GameModule, Game>(registry.all.map((m) => [m, serverGame(m.game)]));
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
  const limits = new RateLimits(
    {
      apiPerMinute: config.rateLimitPerMinute,
      createPerHour: config.createLimitPerHour,
      socketPer10s: config.socketMessagesPer10s,
      signInPerHour: config.accounts.signInPerHour,
    },
    log.child({ component: 'rate-limits' }),
    cluster ? { redis: cluster.redis, prefix: config.redisKeyPrefix } : undefined,
  );
  const lock = cluster?.lock ?? new KeyedMutex();
  return { log, metrics, registry, gameOfModule, scenarios, lessons: lessons ?? [], storage, cluster, lock, limits, counted };
}

/** The lobby and the move path (the transport), and which game each match is of. */
function matchPlay(config: Config, core: Core) {
  const { registry, gameOfModule, storage, lock, log, limits, cluster, metrics, scenarios, lessons } = core;
  const lobby = new Lobby(
    registry,
    gameOfModule,
    storage,
    lock,
    log.child({ component: 'lobby' }),
    config.maxMembersPerSeat,
    scenarios,
    lessons,
  );
  lobby.handOverAfterMs = config.handOverAfterMs;
  const transport = new HardenedTransport({
    storage,
    lobby,
    lock,
    log,
    origins: config.origins,
    maxMessageBytes: config.socketMaxMessageBytes,
    limits,
    checkMoveOf: (name) => registry.get(name)?.checkMove,
    securityHeaders: (host) => securityHeaders(host, config.publicUrl?.startsWith('https://') ?? false),
    trustProxy: config.trustProxy,
    socketsPerAddress: config.socketsPerAddress,
    ...(cluster ? { bus: cluster.bus, sharedPresence: cluster.presence } : {}),
    metrics,
  });
  core.counted.transport = transport;
  const games = new MatchGames(registry, async (id) => (await storage.fetchLobby(id))?.metadata.gameName);
  return { lobby, transport, games };
}
type Play = ReturnType<typeof matchPlay>;

/** The players' layer: accounts (their own tables) beside the ratings and the match maker. */
interface People {
  players: Players;
  rating: RatingLayer;
  teller: MatchFoundTeller;
}

/**
 * Accounts and sessions, with e-mail sign-in links through the notifications' mailer; the match maker
 * hands its seats to accounts, the leaderboards show their names, and a deleted account's ratings go
 * anonymous.
 */
async function startPeople(
  config: Config,
  { storage, log }: Core,
  { lobby, transport }: Play,
  s: Services,
  rating: RatingLayer,
  opts: StartOptions,
): Promise<People> {
  const players = await startPlayers({
    config,
    lobby,
    storage,
    log,
    mailer: { available: s.notifications.emailAvailable, send: (to, msg) => s.notifications.mail(to, msg) },
    ...(opts.now ? { now: opts.now } : {}),
  });
  rating.matchmaker.binder ??= players;
  players.onAccountDeleted((id) => rating.forgetAccount(id));
  // Players away when their ticket is matched hear of it by their chosen channels (matchmaker/tell.ts).
  const membersOf = async (matchID: string) => (await lobby.record(matchID))?.lobby.members ?? [];
  const teller = new MatchFoundTeller({
    awayAfterMs: config.notifyAwayAfterMs,
    publicUrl: config.publicUrl,
    log: log.child({ component: 'matchmaker' }),
    membersOf,
    online: (matchID) => transport.presence.members(matchID),
    channelsOf: (id) => players.channelsOf(id),
    emailOf: (id) => players.emailOf(id),
    names: (game, seat) => namesFrom(lobby.games.of(game), seat),
    send: (...args) => s.notifications.sendTo(...args),
  });
  rating.matchmaker.onMatchMade((made) => teller.matchMade(made));
  rating.matchmaker.onExpired((t) => teller.ticketExpired(t));
  transport.withholdChat(chatBlocks({ membersOf, blockersOf: (id) => rating.matchmaker.blockersOf(id) }));
  return { players, rating, teller };
}

/** The routes under /api besides the lobby's: one entry per module. */
function moreRoutes(
  config: Config,
  { transport, lobby, storage, log }: Play & Core,
  s: Services,
  { players, rating }: People,
  opts: StartOptions,
): ApiRoutes[] {
  return [
    replayRoutes({ lobby, replay: s.replay, rematches: s.rematches }),
    clockRoutes(s.clocks),
    notificationRoutes(s.notifications),
    deviceRoutes(new PlayerLists(storage)),
    players.routes,
    matchmakerRoutes(rating.matchmaker, rating.ratings, opts.namesOf ?? ((ids) => players.accountNames(ids))),
    (router) => botRoutes(router, s.bots, config),
    autopassRoutes({
      available: config.autopass,
      decline: (matchID, seat, playerIDs, decline) => s.autopass.decline(matchID, seat, playerIDs, decline),
      changed: (matchID, playerIDs, info) => {
        transport.emitToSeat(matchID, playerIDs, AUTOPASS_EVENT, info);
        s.autopass.refresh(matchID).catch((e: unknown) => log.error('automatic pass refresh failed', { matchID, err: e }));
      },
    }),
  ];
}

/**
 * Our Koa app with its middleware and routes, in order. boardgame.io's Server is not used: it made a
 * Koa app of its own major version, an authenticator that only called ours, and a lobby we do not
 * mount; the transport (moves, sync, chat) is ours.
 */
function httpApp(
  config: Config,
  core: Core,
  play: Play,
  s: Services,
  people: People,
  opts: StartOptions,
  isShuttingDown: () => boolean,
): Koa {
  const { registry, gameOfModule, storage, log, limits, cluster, metrics } = core;
  // Every hosted game, completed as boardgame.io's Server did: each has its own socket namespace, and
  // a match is served by the game it was made with.
  play.transport.init(registry.all.map((m) => ProcessGameConfig(gameOfModule(m)) as Game));
  const app = new Koa();
  const deps: HttpDeps = {
    config,
    lobby: play.lobby,
    storage,
    log,
    limits,
    isShuttingDown,
    moreRoutes: moreRoutes(config, { ...core, ...play }, s, people, opts),
    ...(cluster ? { ping: cluster.ping } : {}),
    stateOf: (id) => play.transport.currentState(id),
    clockOf: (id) => s.clocks.view(id),
    metrics,
  };
  baseMiddleware(app, deps);
  healthRoute(app, deps);
  metricsRoute(app, deps);
  app.use(people.players.middleware);
  const router = apiRouter(deps);
  app.use(router.routes()).use(router.allowedMethods());
  staticFiles(app, config.webDist);
  app.use(async (ctx) => {
    ctx.status = 404;
    ctx.body = { error: { code: 'not_found' satisfies ErrorCode, message: 'Not found.' } };
  });
  return app;
}

/** Compose the middleware only now, after every route is added (docs/architecture.md, "How boardgame.io 0.50.2's holes are closed": koa-compose 4.2.0). */
async function listen(config: Config, app: Koa, transport: HardenedTransport): Promise<http.Server> {
  const httpServer = http.createServer(app.callback());
  httpServer.keepAliveTimeout = 5_000;
  transport.attach(httpServer);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => resolve());
  });
  return httpServer;
}

/** Graceful stop: refuse new work, stop the services, finish in-flight moves and writes, close. */
function stopper(config: Config, core: Core, play: Play, s: Services, people: People, httpServer: http.Server, refuseNewWork: () => void) {
  const { log, lock, storage, cluster } = core;
  let stopping: Promise<void> | undefined;
  return (reason = 'stop') =>
    (stopping ??= (async () => {
      log.info('shutting down', { reason });
      refuseNewWork();
      play.transport.stopAccepting();
      await stopServices(s);
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
      await play.transport.close();
      httpServer.closeAllConnections?.();
      await cluster?.close();
      people.teller.stop();
      await people.players.close();
      await people.rating.close().catch(() => {});
      await storage.close();
      log.info('stopped');
    })());
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
