import fs from 'node:fs';
import { createRequire } from 'node:module';
import { KampenOmNorge } from '@kon/game';
import os from 'node:os';
import path from 'node:path';
import { io as ioClient, type Socket } from 'socket.io-client';
import { vi } from 'vitest';
import { startServer, loadGameModule, type RunningServer, type ServerGames, type StartOptions } from '../src/app';
import { loadConfig, type Config } from '../src/core/config';
import { createLogger } from '../src/core/log';

// Servers start in well under a second, but the machine is shared and busy.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

export const GAME_NAME = 'kampen-om-norge';

const require = createRequire(import.meta.url);
const { SocketIO } = require('boardgame.io/multiplayer') as typeof import('boardgame.io/multiplayer');
const { Client } = require('boardgame.io/client') as typeof import('boardgame.io/client');

export type GameClient = ReturnType<typeof Client>;

/** boardgame.io's own client for one seat (or the spectator, playerID null), started. */
export function gameClient(matchID: string, playerID: string | null, credentials: string, multiplayer: unknown): GameClient {
  const client = Client({
    game: KampenOmNorge,
    numPlayers: 3,
    matchID,
    ...(playerID !== null ? { playerID } : {}),
    credentials,
    debug: false,
    multiplayer,
  } as any);
  client.start();
  return client;
}

export type Captured = { event: string; args: unknown[]; step: number };

/** boardgame.io's own SocketIO transport, handing its socket.io socket to `tap` once it connects. */
export function tappedSocketIO(server: string, tap: (socket: any) => void, socketOpts?: Record<string, unknown>) {
  const factory = SocketIO({ server, ...(socketOpts ? { socketOpts } : {}) });
  return (opts: any) => {
    const transport: any = factory(opts);
    const connect = transport.connect.bind(transport);
    transport.connect = () => {
      connect();
      tap(transport.socket);
    };
    return transport;
  };
}

/** boardgame.io's own SocketIO transport, with every received socket message recorded. */
export function capturing(server: string, messages: Captured[], step: () => number = () => 0) {
  return tappedSocketIO(server, (socket) =>
    socket.onAny((event: string, ...args: unknown[]) => messages.push({ event, args, step: step() })),
  );
}

export interface TestServer {
  server: RunningServer;
  config: Config;
  dataDir: string;
  /** every JSON log line the server wrote */
  logs: string[];
  url: string;
  restart(): Promise<void>;
  /** Stop the server; its temporary data folder goes too unless `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  opts: Omit<StartOptions, 'log'> & { dataDir?: string; port?: number; games?: ServerGames } = {},
): Promise<TestServer> {
  const ownsDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kon-server-'));
  const logs: string[] = [];
  const log = createLogger('debug', { service: 'test' }, (line) => logs.push(line));
  const gameModule = opts.games ?? (await loadGameModule());
  // Automatic passing is off unless a test turns it on: the other tests click every pass themselves.
  let config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(opts.port ?? 0),
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    AUTOPASS: 'off',
    // Computer matches nobody watches play at full speed in tests (the pacing is tested where it is named).
    BOT_UNWATCHED_MOVE_DELAY_MS: '0',
    // Every client of a test comes from one address (the cap has its own test, socket-cap.test.ts).
    SOCKETS_PER_ADDRESS: '100000',
    ...env,
  });
  let server = await startServer(config, gameModule, { ...opts, log });
  const t: TestServer = {
    server,
    config,
    dataDir,
    logs,
    url: server.url,
    async restart() {
      await server.stop('test restart');
      // Same data folder, same port: clients reconnect by themselves.
      config = { ...config, port: server.port };
      server = await startServer(config, gameModule, { ...opts, log });
      t.server = server;
      t.config = config;
    },
    async stop({ keepData = false } = {}) {
      await server.stop('test end');
      if (ownsDir && !keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export async function api(
  url: string,
  method: string,
  route: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(url + route, {
    method,
    headers,
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

export async function createMatch(url: string, body: Record<string, unknown> = { plan: 'three', setupData: { ruleset: 'basic' } }) {
  const r = await api(url, 'POST', '/api/matches', { body });
  if (r.status !== 201) throw new Error(`create failed ${r.status} ${r.text}`);
  return r.json as {
    matchID: string;
    links: { seats: { seat: string; playerIDs: string[]; token: string }[]; spectator: string };
  };
}

export async function join(url: string, matchID: string, token: string, name: string) {
  const r = await api(url, 'POST', `/api/matches/${matchID}/join`, { body: { token, name } });
  if (r.status !== 201) throw new Error(`join failed ${r.status} ${r.text}`);
  return r.json as { memberId: string; credentials: string; playerIDs: string[]; seat: string };
}

/** A raw socket.io client on the game namespace that records every event it receives. */
export function rawSocket(url: string, extraHeaders?: Record<string, string>) {
  const socket: Socket = ioClient(`${url}/${GAME_NAME}`, {
    forceNew: true,
    reconnection: false,
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  const received: { event: string; args: unknown[] }[] = [];
  socket.onAny((event: string, ...args: unknown[]) => received.push({ event, args }));
  return { socket, received };
}

/** A raw socket that asked to sync: the sync payload, or the kon:error code it got instead. */
export async function syncedSocket(
  url: string,
  matchID: string,
  playerID: string | null,
  credentials?: string,
  headers?: Record<string, string>,
) {
  const s = rawSocket(url, headers);
  await connected(s.socket);
  s.socket.emit('sync', matchID, playerID, credentials, 3);
  await waitFor(() => s.received.find((r) => r.event === 'sync' || r.event === 'kon:error'), 'sync reply');
  const reply = s.received.find((r) => r.event === 'sync');
  const error = s.received.find((r) => r.event === 'kon:error');
  return { ...s, sync: reply?.args[1] as any, error: (error?.args[0] as any)?.code as string | undefined };
}

export async function connected(socket: Socket) {
  if (socket.connected) return;
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(e));
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(fn: () => T | Promise<T>, what: string, timeoutMs = 8000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** The authoritative state, straight from storage. */
export async function serverState(t: TestServer, matchID: string) {
  const f = await t.server.storage.fetch(matchID, { state: true, initialState: true, metadata: true, log: true });
  return f as { state: any; initialState: any; metadata: any; log: any[] };
}
