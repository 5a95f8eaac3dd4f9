/** What the route table (routes.ts) says of each route of the HTTP API. */
import type { z } from 'zod';
import type { ErrorCode } from './errors';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export interface Route {
  method: Method;
  /** OpenAPI style: `{id}` for a path parameter. */
  path: string;
  summary: string;
  /** Bearer: a member's credentials, or a link token for the routes that read a match. */
  auth?: 'optional' | 'required';
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success answers by status. */
  responses: Record<number, z.ZodType>;
  /** The refusals this route may answer with (each answered with its own status and errorBody). */
  errors: ErrorCode[];
}
