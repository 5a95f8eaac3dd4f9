import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The nearest folder above `from` with a package.json: the source (src/core/) and the bundle (dist/) sit at different depths. */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
/** apps/server */
export const SERVER_ROOT = packageRoot(path.dirname(fileURLToPath(import.meta.url)));
/** repository root */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '..', '..');

const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

const originList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o.length > 0),
  )
  .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'each origin must look like https://host[:port] (no path, no trailing slash)')));

/** Every environment setting the server reads. Documented in docs/operating.md. */
export const envSchema = z.object({
  PORT: int(8000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{0,40}$/, 'letters, digits, : _ - (at most 40)')
    .default('kon:'),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'lower-case SQL identifier')
    .default('public'),
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
  SOCKETS_PER_ADDRESS: int(100, 1, 100_000),
  MAX_MEMBERS_PER_SEAT: int(8, 1, 64),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 100, 600_000),
  BOT_WORKERS: int(1, 1, 64),
  BOT_MOVE_DELAY_MS: int(700, 0, 60_000),
  BOT_NEXT_MOVE_DELAY_MS: int(150, 0, 60_000),
  BOT_UNWATCHED_MOVE_DELAY_MS: int(2000, 0, 600_000),
  AUTOPASS: z.enum(['on', 'off']).default('on'),
  AUTOPASS_DELAY_MS: int(1200, 0, 60_000),
  BOT_TIMEOUT_MS: int(20_000, 100, 600_000),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+[^/\s]$/, 'PUBLIC_URL must be an http(s) URL without a trailing slash')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_FROM: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEBHOOK_TARGETS: z.enum(['public', 'any', 'off']).default('public'),
  NOTIFY_ATTEMPTS: int(4, 1, 10),
  /** Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints); unset: made on first start and kept in the store. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL (default: PUBLIC_URL). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s]+|https:\/\/[^\s]+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  NOTIFY_AWAY_AFTER_S: int(120, 1, 86_400),
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,200}$/, 'METRICS_TOKEN must be 16-200 letters, digits, _ or -')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  HAND_OVER_AFTER_S: int(60, 0, 86_400),
  SNAPSHOT_EVERY: int(50, 1, 10_000),
  /** Accounts (players/): the WebAuthn relying party (default: PUBLIC_URL's host and origin, else the request's). */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]{1,253}$/, 'WEBAUTHN_RP_ID must be a domain name such as example.org (no scheme, no port)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WEBAUTHN_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/\s]+$/, 'WEBAUTHN_ORIGIN must look like https://host[:port] (no path, no trailing slash)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_DAYS: int(30, 1, 400),
  SIGNIN_LINK_MINUTES: int(15, 1, 120),
  SIGNIN_LIMIT_PER_HOUR: int(30, 1, 100_000),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  /** A move stores only its change to the state; every this many moves the whole state too (a snapshot). */
  snapshotEvery: number;
  /** Several server processes share matches through this Redis (and DATABASE_URL's PostgreSQL). */
  redisUrl: string | undefined;
  /** Every Redis key and channel starts with it, so that deployments can share one Redis. */
  redisKeyPrefix: string;
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
  /** Open sockets per client address in one process; the one over it is refused (too_many_connections). */
  socketsPerAddress: number;
  maxMembersPerSeat: number;
  shutdownTimeoutMs: number;
  /** Worker threads the computer players decide in (off the event loop). */
  botWorkers: number;
  /** Least time from a computer seat starting to think to its move, so people can follow it. */
  botMoveDelayMs: number;
  /** The same for a computer seat's next move in the same phase (at most botMoveDelayMs). */
  botNextMoveDelayMs: number;
  /** Least time between a computer seat's decision and its move while nobody is connected to the match (0: off). */
  botUnwatchedMoveDelayMs: number;
  /**
   * The median of the delay before a seat's pass is carried out, automatic or clicked (autopass/delay.ts):
   * the scale of one fixed distribution (0 in tests: no waiting).
   */
  autopassDelayMs: number;
  /** Off: the server neither passes for a side nor holds its passes; every side clicks (the tests of other features). */
  autopass: boolean;
  /** A decision not made in this time is abandoned: its worker is replaced and the decision retried. */
  botTimeoutMs: number;
  /** The address players reach the site at, for links in e-mails and webhooks ("your move"). */
  publicUrl: string | undefined;
  /** E-mail notifications: off unless an SMTP server is given. */
  smtp: { url: string; from: string } | undefined;
  /** Where members' webhooks may point: public addresses only (default), anywhere, or nowhere. */
  webhookTargets: 'public' | 'any' | 'off';
  /** Web Push (VAPID): keys given by the operator, or undefined to make them once and keep them in the store. */
  vapid: { keys: { publicKey: string; privateKey: string } | undefined; subject: string | undefined };
  /** Tries per notification before it is given up (the first try included). */
  notifyAttempts: number;
  /** A member who leaves during their own decision is told of it after this long away. */
  notifyAwayAfterMs: number;
  /** When set, GET /metrics answers only `Authorization: Bearer <token>`; unset, it is open. */
  metricsToken: string | undefined;
  /**
   * The other players may hand a seat to the computer once all its members have been away from the
   * running game this long (a reload or a network blip is not leaving).
   */
  handOverAfterMs: number;
  /** Accounts (players/): passkeys' relying party, session lifetime, e-mail links, sign-in limit. */
  accounts: {
    /** WebAuthn relying-party id (a domain); undefined: the request's host name. */
    rpId: string | undefined;
    /** The origin passkeys are used at; undefined: the origin the request was served at. */
    rpOrigin: string | undefined;
    sessionLifetimeMs: number;
    linkTtlMs: number;
    signInPerHour: number;
  };
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
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new ConfigError('invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  if (e.REDIS_URL && !e.DATABASE_URL)
    throw new ConfigError('invalid configuration:\n  REDIS_URL: several processes need a shared store; set DATABASE_URL (PostgreSQL) too');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    snapshotEvery: e.SNAPSHOT_EVERY,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
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
    socketsPerAddress: e.SOCKETS_PER_ADDRESS,
    maxMembersPerSeat: e.MAX_MEMBERS_PER_SEAT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    botWorkers: e.BOT_WORKERS,
    botMoveDelayMs: e.BOT_MOVE_DELAY_MS,
    botNextMoveDelayMs: e.BOT_NEXT_MOVE_DELAY_MS,
    botUnwatchedMoveDelayMs: e.BOT_UNWATCHED_MOVE_DELAY_MS,
    autopassDelayMs: e.AUTOPASS_DELAY_MS,
    autopass: e.AUTOPASS === 'on',
    botTimeoutMs: e.BOT_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? 'Kampen om Norge <noreply@localhost>' } : undefined,
    webhookTargets: e.WEBHOOK_TARGETS,
    vapid: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT,
    },
    notifyAttempts: e.NOTIFY_ATTEMPTS,
    notifyAwayAfterMs: e.NOTIFY_AWAY_AFTER_S * 1000,
    metricsToken: e.METRICS_TOKEN,
    handOverAfterMs: e.HAND_OVER_AFTER_S * 1000,
    accounts: {
      rpId: e.WEBAUTHN_RP_ID ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : undefined),
      rpOrigin: e.WEBAUTHN_ORIGIN ?? (e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined),
      sessionLifetimeMs: e.SESSION_DAYS * 86_400_000,
      linkTtlMs: e.SIGNIN_LINK_MINUTES * 60_000,
      signInPerHour: e.SIGNIN_LIMIT_PER_HOUR,
    },
  };
}
