import type Koa from 'koa';
import Router from '@koa/router';
import type { z } from 'zod';
import type { Config } from '../core/config';
import { ApiError, limited } from './errors';
import { joinBody, recoverBody, renameBody, type Lobby } from '../lobby/lobby';
import { matchStatuses, statusBody } from '../lobby/match-status';
import type { State } from 'boardgame.io';
import type { Logger } from '../core/log';
import type { SqlStorage } from '../storage';
import { securityHeaders } from './security-headers';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { withLogContext } from '../core/log';
import type { ServerMetrics } from '../core/metrics';
import type { RateLimits } from './rate-limits';
import { logQuery, openApiDocument, type ErrorCode } from '@kon/protocol';

export async function readJson(ctx: Koa.Context, limit: number): Promise<unknown> {
  const len = ctx.request.length;
  if (len !== undefined && len > limit) throw new ApiError(413, 'body_too_large', `Request bodies are limited to ${limit} bytes.`);
  if (!ctx.is('application/json')) throw new ApiError(415, 'json_required', 'Send the body as application/json.');
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early must not destroy the request: that would take the socket, and the answer
  // with it. Node reads and drops the rest of the body once the 413 is sent, as for a too-large
  // Content-Length.
  for await (const chunk of ctx.req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, 'body_too_large', `Request bodies are limited to ${limit} bytes.`);
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON.');
  }
}

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    // Paths and messages only: never the offending input (it may hold a token).
    const issues = r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
    throw new ApiError(400, 'invalid_body', 'The request body is not valid.', issues);
  }
  return r.data;
}

export function bearer(ctx: Koa.Context): string | undefined {
  const h = ctx.get('Authorization');
  if (!h) return undefined;
  const m = /^Bearer ([A-Za-z0-9_-]{8,200})$/.exec(h);
  if (!m) throw new ApiError(401, 'bad_authorization', 'Use "Authorization: Bearer <token>".');
  return m[1];
}

export interface HttpDeps {
  config: Config;
  lobby: Lobby;
  storage: SqlStorage;
  log: Logger;
  limits: RateLimits;
  isShuttingDown: () => boolean;
  /** Other services this process needs (Redis with REDIS_URL), checked by /healthz beside the store. */
  ping?: () => Promise<void>;
  /** More /api routes (replay, clocks, notifications, computer seats), behind the same no-store and rate limit. */
  moreRoutes?: ApiRoutes[];
  /** A match's current state (memory first), for the "my matches" summary. */
  stateOf?: (matchID: string) => Promise<State | undefined>;
  /** A match's running clock, for the "my matches" summary (clocks/service.ts). */
  clockOf?: (matchID: string) => Promise<unknown>;
  metrics?: ServerMetrics;
}

/** Adds a module's routes to the /api router (paths relative to /api). */
export type ApiRoutes = (router: Router, deps: HttpDeps) => void;

/** Errors as JSON, request logs, security headers, CORS for ORIGINS. Mounted first. */
/** An id a proxy in front may hand us (X-Request-Id), if it looks like one; ours otherwise. */
const requestIdShape = /^[A-Za-z0-9._:-]{8,128}$/;

export function baseMiddleware(app: Koa, { config, log, isShuttingDown, metrics }: HttpDeps) {
  app.proxy = config.trustProxy;
  const https = config.publicUrl?.startsWith('https://') ?? false;
  app.use(async (ctx, next) => {
    const started = Date.now();
    const given = ctx.get('X-Request-Id');
    const requestId = requestIdShape.test(given) ? given : randomUUID();
    ctx.set('X-Request-Id', requestId);
    // Every log line written while this request is handled carries its id, whoever writes it.
    await withLogContext({ requestId }, () => handle(ctx, next, started));
    metrics?.httpRequest(ctx.method, ctx.status);
  });

  async function handle(ctx: Koa.Context, next: Koa.Next, started: number) {
    ctx.set(securityHeaders(ctx.host, https));
    const origin = ctx.get('Origin');
    if (origin && config.origins.includes(origin)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.vary('Origin');
      if (ctx.method === 'OPTIONS') {
        ctx.set('Access-Control-Allow-Methods', 'GET,POST,PATCH,DELETE');
        ctx.set('Access-Control-Allow-Headers', 'Content-Type,Authorization');
        ctx.set('Access-Control-Max-Age', '600');
        ctx.status = 204;
        return;
      }
    } else if (origin) {
      ctx.vary('Origin');
    }
    try {
      if (isShuttingDown() && ctx.path !== '/healthz') throw new ApiError(503, 'shutting_down', 'The server is restarting.');
      await next();
    } catch (e) {
      if (e instanceof ApiError) {
        ctx.status = e.status;
        if (e.retryAfter) ctx.set('Retry-After', String(e.retryAfter));
        ctx.body = {
          error: {
            code: e.code,
            message: e.message,
            ...(e.details ? { issues: e.details } : {}),
            ...(e.retryAfter ? { retryAfter: e.retryAfter } : {}),
          },
        };
      } else {
        log.error('request failed', { err: e, method: ctx.method, path: ctx.path });
        ctx.status = 500;
        ctx.body = { error: { code: 'internal' satisfies ErrorCode, message: 'Something went wrong on the server.' } };
      }
    } finally {
      // Log the route, never the query string or headers (tokens travel in Authorization only).
      if (ctx.path !== '/healthz') log.debug('http', { method: ctx.method, path: ctx.path, status: ctx.status, ms: Date.now() - started });
    }
  }
}

export function apiRouter(deps: HttpDeps): Router {
  const { config, lobby, storage, limits } = deps;
  const router = new Router({ prefix: '/api' });

  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    const check = await limits.apiRequest(ctx.ip);
    if (check.verdict === 'limited') throw limited(check.retryAfter, 'Too many requests; wait a minute.');
    await next();
  });

  // The OpenAPI document of this API, generated from the protocol's schemas (packages/protocol).
  let openApi: string | undefined;
  router.get('/openapi.json', async (ctx) => {
    ctx.type = 'application/json';
    ctx.body = openApi ??= JSON.stringify(openApiDocument());
  });

  router.get('/games', async (ctx) => {
    ctx.body = { games: lobby.gameList() };
  });

  router.get('/scenarios', async (ctx) => {
    ctx.body = { scenarios: lobby.scenarioList() };
  });

  router.get('/matches', async (ctx) => {
    ctx.body = { matches: await lobby.list() };
  });

  router.post('/matches', async (ctx) => {
    const { verdict, retryAfter } = await limits.matchCreated(ctx.ip);
    if (verdict === 'limited') throw limited(retryAfter, 'Too many matches created from here; wait a while.');
    // Creation fails closed: without the shared counter nobody could tell a flood from a player.
    if (verdict === 'unavailable')
      throw new ApiError(
        503,
        'rate_limit_unavailable',
        'Matches cannot be created right now; try again in a minute.',
        undefined,
        retryAfter,
      );
    const body = lobby.parseCreate(await readJson(ctx, config.bodyLimitBytes));
    ctx.status = 201;
    ctx.body = await lobby.create(body);
  });

  router.get('/matches/:id', async (ctx) => {
    ctx.body = await lobby.get(ctx.params.id!, bearer(ctx));
  });

  router.get('/matches/:id/log', async (ctx) => {
    const q = logQuery.safeParse(ctx.query);
    if (!q.success) throw new ApiError(400, 'invalid_query', '"from" must be a whole number of at least 0.');
    ctx.body = await lobby.history(ctx.params.id!, bearer(ctx), q.data.from);
  });

  router.post('/matches/:id/join', async (ctx) => {
    const body = parse(joinBody, await readJson(ctx, config.bodyLimitBytes));
    ctx.status = 201;
    ctx.body = await lobby.join(ctx.params.id!, body);
  });

  router.patch('/matches/:id/members/me', async (ctx) => {
    const body = parse(renameBody, await readJson(ctx, config.bodyLimitBytes));
    ctx.body = await lobby.rename(ctx.params.id!, bearer(ctx), body.name);
  });

  router.delete('/matches/:id/members/me', async (ctx) => {
    await lobby.leave(ctx.params.id!, bearer(ctx));
    ctx.status = 204;
  });

  // Routes of other modules (replay, clocks, notifications, computer seats), under the same limits.
  for (const add of deps.moreRoutes ?? []) add(router, deps);
  // Seats (seats.ts): recovery links, the holder's co-commander link and co-commanders.
  router.post('/matches/:id/members/me/recovery', async (ctx) => {
    ctx.status = 201;
    ctx.body = await lobby.makeRecovery(ctx.params.id!, bearer(ctx));
  });

  router.post('/matches/:id/recover', async (ctx) => {
    const body = parse(recoverBody, await readJson(ctx, config.bodyLimitBytes));
    ctx.status = 201;
    ctx.body = await lobby.recover(ctx.params.id!, body);
  });

  router.post('/matches/:id/seat/co-link', async (ctx) => {
    ctx.status = 201;
    ctx.body = await lobby.makeCoLink(ctx.params.id!, bearer(ctx));
  });

  router.delete('/matches/:id/seat/co-link', async (ctx) => {
    await lobby.revokeCoLink(ctx.params.id!, bearer(ctx));
    ctx.status = 204;
  });

  router.delete('/matches/:id/members/:memberId', async (ctx) => {
    const memberId = ctx.params.memberId!;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(memberId)) throw new ApiError(404, 'no_such_member', 'No such co-commander on your seat.');
    await lobby.removeCoCommander(ctx.params.id!, bearer(ctx), memberId);
    ctx.status = 204;
  });

  // Several matches at once, each with its member's own credentials (POST: credentials stay out of URLs).
  router.post('/my-matches', async (ctx) => {
    const body = parse(statusBody, await readJson(ctx, config.bodyLimitBytes));
    const stateOf = deps.stateOf ?? (async (id: string) => (await storage.fetch(id, { state: true })).state);
    ctx.body = { matches: await matchStatuses(lobby, stateOf, body, deps.clockOf) };
  });

  // Anything else under /api (path-to-regexp 8's wildcard: a named, optional rest).
  router.all('/{*rest}', () => {
    throw new ApiError(404, 'no_route', 'No such API route.');
  });

  void storage;
  return router;
}

/**
 * The health answer as JSON text, as Koa would write the object: Koa asks an object body whether it is
 * a ReadableStream, Blob or Response, and node loads its web streams and fetch at the first such look
 * (~10 ms): the first health check after a start, often an orchestrator's, need not wait for that.
 */
function healthAnswer(ctx: Koa.Context, status: number, body: Record<string, string>) {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

export function healthRoute(app: Koa, { storage, isShuttingDown, ping }: HttpDeps) {
  app.use(async (ctx, next) => {
    if (ctx.path !== '/healthz') return next();
    if (isShuttingDown()) return healthAnswer(ctx, 503, { status: 'shutting_down' });
    try {
      await storage.ping();
    } catch {
      return healthAnswer(ctx, 503, { status: 'storage_unavailable' });
    }
    try {
      await ping?.();
    } catch {
      return healthAnswer(ctx, 503, { status: 'redis_unavailable' });
    }
    healthAnswer(ctx, 200, { status: 'ok', storage: storage.kind });
  });
}

/** GET /metrics in Prometheus' text format; behind METRICS_TOKEN when it is set. */
export function metricsRoute(app: Koa, { config, metrics }: HttpDeps) {
  app.use(async (ctx, next) => {
    if (ctx.path !== '/metrics' || !metrics) return next();
    if (ctx.method !== 'GET') throw new ApiError(405, 'method_not_allowed', 'Use GET.');
    if (config.metricsToken !== undefined) {
      const given = Buffer.from(bearer(ctx) ?? '');
      const want = Buffer.from(config.metricsToken);
      if (given.length !== want.length || !timingSafeEqual(given, want))
        throw new ApiError(401, 'unauthorized', 'Metrics need "Authorization: Bearer <METRICS_TOKEN>".');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.contentType;
    ctx.body = await metrics.text();
  });
}
