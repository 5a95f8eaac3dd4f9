/**
 * The services that follow matches, each built in a step of its own, then put in the one list that
 * says in which order they hear of moves, new matches and roster changes (match-services.ts). Every
 * service asks a match's game module what the game means (who must act, what a pass is, what a seat
 * is called): none of them knows a game's rules.
 */
import type { Game } from 'boardgame.io';
import type { GameModule } from '@kon/platform';
import type { BotStrength } from '@kon/protocol';
import type { Config } from './core/config';
import type { Cluster } from './cluster';
import type { Lobby, LobbyRecord } from './lobby/lobby';
import type { KeyedMutex } from './core/lock';
import type { Logger } from './core/log';
import type { MatchGames } from './matches/match-games';
import type { ServerMetrics } from './core/metrics';
import type { ScenarioDef } from './lobby/scenarios';
import type { SqlStorage } from './storage';
import type { HardenedTransport } from './transport';
import { AutoPass } from './autopass/service';
import { BotSeats } from './bots/driver';
import { BOT_ATTEMPTS, BotPool } from './bots/pool';
import { ClockService, type OwnDecisionTimeout } from './clocks/service';
import { type MatchService, MatchServices } from './matches/match-services';
import { NotificationService } from './notifications/service';
import { type VapidKeys, vapidKeys, vapidSubject } from './notifications/vapid';
import { MatchReplay } from './matches/replay';
import { Rematches } from './lobby/rematch';

/** What the services are built from (startServer's earlier steps). */
export interface ServiceDeps {
  config: Config;
  log: Logger;
  metrics: ServerMetrics;
  storage: SqlStorage;
  cluster: Cluster | undefined;
  lock: KeyedMutex;
  lobby: Lobby;
  transport: HardenedTransport;
  games: MatchGames;
  gameOfModule: (m: GameModule) => Game;
  scenarios: readonly ScenarioDef[];
}

/** Test hooks of the services (part of StartOptions). */
export interface ServiceOptions {
  /** The clocks' idea of now (tests move time on without waiting). */
  now?: () => number;
  /** A computer player takes over a seat whose time ran out (bots wire theirs in here). */
  onOwnDecisionTimeout?: OwnDecisionTimeout;
  /** First retry delay of a failed notification (tests make it short). */
  notifyRetryBaseMs?: number;
  /** The automatic passes' delay distribution (tests spy on it). */
  autopassDraw?: (medianMs: number) => number;
}

export interface Services {
  bots: BotSeats;
  clocks: ClockService;
  notifications: NotificationService;
  autopass: AutoPass;
  replay: MatchReplay;
  rematches: Rematches;
  /** The services in the order they are told of things. */
  list: MatchServices;
}

/** `later`: services built in steps of their own (the ratings), told of things after these. */
export async function buildServices(d: ServiceDeps, opts: ServiceOptions, later: readonly MatchService[] = []): Promise<Services> {
  const bots = computerSeats(d);
  const clocks = clockService(d, bots, opts);
  const notifications = await notificationService(d, clocks, opts);
  const autopass = autoPass(d, bots, opts);
  const replay = new MatchReplay((gameName) => d.gameOfModule(d.lobby.games.of(gameName)), d.storage, d.scenarios);
  const rematches = new Rematches(d.lobby, d.storage, d.lock, d.log.child({ component: 'rematch' }));
  // The order of this list is the order every hook runs in: the clock moves and the messages go
  // out before a computer seat starts thinking or a pass is armed.
  const list = new MatchServices(
    [
      clocks,
      notifications,
      { name: 'replay', moveStored: (e) => replay.committed(e) },
      bots,
      ...(d.config.autopass ? [autopass] : []),
      ...later,
    ],
    d.log,
  );
  return { bots, clocks, notifications, autopass, replay, rematches, list };
}

/** The transport and the lobby call the list, each hook once (set here and nowhere else). */
export function wireServices({ transport, lobby, storage, log }: ServiceDeps, services: MatchServices) {
  transport.useServices(services);
  lobby.onCreated = (matchID) => services.matchCreated(matchID);
  // The game, its clock and its "your move" messages begin once every seat is taken: they hear of
  // every roster change too.
  const presence = transport.presence;
  lobby.presence = {
    ...presence,
    rosterChanged: (matchID, removed) => {
      presence.rosterChanged(matchID, removed);
      storage
        .fetchLobby(matchID)
        .then((row) => row && services.rosterChanged(matchID, row.lobby as LobbyRecord))
        .catch((e: unknown) => log.error('roster hooks failed', { matchID, err: e }));
    },
  };
}

/** Starts the services' timers and resumes what a restart left (after the server listens). */
export async function startServices(config: Config, s: Services) {
  s.bots.start();
  if (config.autopass) s.autopass.start();
  await s.clocks.start();
}

/** Stops every service's timers and work (before the move path drains). */
export async function stopServices(s: Services) {
  await s.bots.stop();
  s.autopass.stop();
  s.clocks.stop();
  s.notifications.stop();
}

function computerSeats({ config, log, metrics, storage, cluster, lobby, transport, lock }: ServiceDeps): BotSeats {
  const pool = new BotPool({
    size: config.botWorkers,
    timeoutMs: config.botTimeoutMs,
    log,
    onDecision: (ok, s) => metrics.botDecision(ok, s),
  });
  // A decision's claim outlives its longest thinking (every attempt timed out) and the pause before the move.
  const claimMs = config.botTimeoutMs * BOT_ATTEMPTS + config.botMoveDelayMs + 5_000;
  return new BotSeats({
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
    changes: lock,
    ...(cluster
      ? { claim: { ttlMs: claimMs, take: (matchID: string, stateID: number) => cluster.claim(`bots:${matchID}:${stateID}`, claimMs) } }
      : {}),
  });
}

function clockService({ storage, transport, log, games, cluster, lobby, lock }: ServiceDeps, bots: BotSeats, opts: ServiceOptions) {
  return new ClockService({
    storage,
    transport,
    log,
    gameOf: (id) => games.of(id),
    shared: !!cluster,
    lock,
    ...(opts.now ? { now: opts.now } : {}),
    // A side out of time in its own decision, with "pass / computer" chosen and no move the game
    // makes for it, or one that missed its game's number of deadlines in a row: its game's weakest
    // computer player takes its seat (its members can take it back; after missed deadlines, any
    // move of theirs does).
    onOwnDecisionTimeout:
      opts.onOwnDecisionTimeout ??
      (async (matchID, playerID, _key, reason) => {
        const row = await lobby.record(matchID);
        const seat = row?.lobby.seats.find((s) => s.playerIDs.includes(playerID));
        const level = row && lobby.gameOf(row.metadata).bots?.levels[0];
        if (!seat || !level) return false;
        await bots.handSeatToBot(matchID, seat.key, level as BotStrength, 'timeout', undefined, undefined, reason === 'missed');
        return true;
      }),
  });
}

async function notificationService(
  { config, storage, transport, log, games, cluster, lock }: ServiceDeps,
  clocks: ClockService,
  opts: ServiceOptions,
) {
  // Web Push signs with one key pair for the server's whole life (vapid.ts): made once, then kept.
  // Made or read at the first push or key asked for, not at start: on a new data folder, storing them
  // was the only write of the start, and it started the store's writer thread (~10 MB) in an idle server.
  let made: Promise<VapidKeys> | undefined;
  const vapid = () => {
    made ??= vapidKeys(storage, config.vapid.keys).catch((e: unknown) => {
      made = undefined; // not kept: the next push or key asked for tries again
      throw e;
    });
    return made;
  };
  return new NotificationService({
    storage,
    transport,
    log,
    gameOf: (id) => games.of(id),
    shared: !!cluster,
    lock,
    smtp: config.smtp,
    publicUrl: config.publicUrl,
    webhookTargets: config.webhookTargets,
    attempts: config.notifyAttempts,
    awayAfterMs: config.notifyAwayAfterMs,
    ...(opts.notifyRetryBaseMs !== undefined ? { retryBaseMs: opts.notifyRetryBaseMs } : {}),
    clockView: (matchID) => clocks.view(matchID),
    push: { keys: vapid, subject: config.vapid.subject ?? vapidSubject(config.publicUrl) },
  });
}

function autoPass({ config, transport, lobby, storage, log, games }: ServiceDeps, bots: BotSeats, opts: ServiceOptions) {
  return new AutoPass({
    transport,
    lobby,
    storage,
    games,
    log,
    medianMs: config.autopassDelayMs,
    isComputer: (matchID, playerID) => bots.isComputer(matchID, playerID),
    ...(opts.autopassDraw ? { draw: opts.autopassDraw } : {}),
  });
}
