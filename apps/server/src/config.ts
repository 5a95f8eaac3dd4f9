import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server */
export const SERVER_ROOT = path.resolve(here, '..');
/** repository root */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

const int = (def: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(def);

const originList = z
  .string()
  .default('')
  .transform((s) => s.split(',').map((o) => o.trim()).filter((o) => o.length > 0))
  .pipe(
    z.array(
      z
        .string()
        .regex(/^https?:\/\/[^/\s]+$/, 'each origin must look like https://host[:port] (no path, no trailing slash)'),
    ),
  );

/** Every environment setting the server reads. Documented in apps/server/README.md. */
export const envSchema = z.object({
  PORT: int(8000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case SQL identifier').default('public'),
  ORIGINS: originList,
  WEB_DIST: z.string().optional(),
  SCENARIOS_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  BODY_LIMIT_BYTES: int(16 * 1024, 256, 1024 * 1024),
  RATE_LIMIT_PER_MINUTE: int(120, 1, 100_000),
  CREATE_LIMIT_PER_HOUR: int(30, 1, 100_000),
  SOCKET_MAX_MESSAGE_BYTES: int(64 * 1024, 1024, 10 * 1024 * 1024),
  SOCKET_MESSAGES_PER_10S: int(100, 1, 100_000),
  MAX_MEMBERS_PER_SEAT: int(8, 1, 64),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 100, 600_000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  origins: string[];
  webDist: string;
  /** Folder of scenario files (*.json); a bad file is refused and logged, the others load. */
  scenariosDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  trustProxy: boolean;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  createLimitPerHour: number;
  socketMaxMessageBytes: number;
  socketMessagesPer10s: number;
  maxMembersPerSeat: number;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Parse and validate the environment; throws ConfigError listing every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const v = env[key];
    if (v !== undefined) picked[key] = v;
  }
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    origins: e.ORIGINS,
    webDist: path.resolve(e.WEB_DIST ?? path.join(REPO_ROOT, 'apps', 'web', 'dist')),
    scenariosDir: path.resolve(e.SCENARIOS_DIR ?? path.join(REPO_ROOT, 'packages', 'game', 'scenarios')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    createLimitPerHour: e.CREATE_LIMIT_PER_HOUR,
    socketMaxMessageBytes: e.SOCKET_MAX_MESSAGE_BYTES,
    socketMessagesPer10s: e.SOCKET_MESSAGES_PER_10S,
    maxMembersPerSeat: e.MAX_MEMBERS_PER_SEAT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
