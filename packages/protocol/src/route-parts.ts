/** What every route table (routes.ts, account-routes.ts, matchmaking-routes.ts) shares. */
import { z } from 'zod';
import type { ErrorCode } from './errors';

/** Refusals any route may answer with. */
export const common: ErrorCode[] = ['rate_limited', 'shutting_down', 'internal'];
/** Refusals of a route that reads a JSON body. */
export const withBody: ErrorCode[] = ['body_too_large', 'json_required', 'invalid_json', 'invalid_body'];
/** A 204 answer's (absent) body. */
export const noContent = z.undefined();
