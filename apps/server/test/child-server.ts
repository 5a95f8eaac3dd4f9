/** The server as a child process, as in production (crash and several-process tests). */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { waitFor } from './helpers';
import { PG_URL } from './services';

export { PG_URL, REDIS_URL } from './services';

const require = createRequire(import.meta.url);
export const SERVER_DIR = path.resolve(__dirname, '..');

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export async function dropSchema(schema: string) {
  const { Client: Pg } = require('pg') as typeof import('pg');
  const c = new Pg({ connectionString: PG_URL });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

export interface Child {
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
}

/** Starts `src/main.ts` with `env` (and node's `--import` of each of `imports`); resolves once it listens. */
export async function startChild(env: Record<string, string>, imports: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports.flatMap((i) => ['--import', i]), 'src/main.ts'], {
    cwd: SERVER_DIR,
    // AUTOPASS off, as in startTestServer: these tests answer every window themselves, and a pass the
    // server made for them would turn their own answer stale.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SOCKET_MESSAGES_PER_10S: '100000',
      // Every client of a test comes from one address (the cap has its own test, socket-cap.test.ts).
      SOCKETS_PER_ADDRESS: '100000',
      AUTOPASS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  await waitFor(() => out.includes('"msg":"listening"') || child.exitCode !== null, 'server listening', 30_000);
  if (child.exitCode !== null) throw new Error(`server exited: ${out.slice(-2000)}`);
  return { process: child, output: () => out };
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
}

export function kill9(child: Child): Promise<void> {
  const done = exited(child.process);
  child.process.kill('SIGKILL');
  return done;
}

/** SIGTERM: the graceful stop (finish moves under way, close the sockets). */
export function terminate(child: Child): Promise<void> {
  const done = exited(child.process);
  child.process.kill('SIGTERM');
  return done;
}
