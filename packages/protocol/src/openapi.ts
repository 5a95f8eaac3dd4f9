/** The OpenAPI 3.1 document of the HTTP API, generated from the route table and its zod schemas. */
import { z } from 'zod';
import { ERRORS } from './errors';
import { ROUTE_NOTES } from './route-notes';
import { errorBody, ROUTES, type Route } from './routes';

type Json = Record<string, unknown>;

/** JSON Schema (2020-12, which OpenAPI 3.1 uses) of a schema as a request sends it or a response answers it. */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  return rest;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Body too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Unavailable',
};

function operation(route: Route): Json {
  const parameters: Json[] = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.query) {
    const shape = route.query.shape as Record<string, z.ZodType>;
    for (const [name, s] of Object.entries(shape))
      parameters.push({ name, in: 'query', required: !s.safeParse(undefined).success, schema: jsonSchemaOf(s, 'input') });
  }
  const responses: Json = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    const text = STATUS_TEXT[Number(status)] ?? status;
    responses[status] =
      schema instanceof z.ZodUndefined
        ? { description: text }
        : { description: text, content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } } };
  }
  const byStatus = new Map<number, string[]>();
  for (const code of route.errors) {
    const status = ERRORS[code].status;
    if (status !== null) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0]))
    responses[String(status)] ??= {
      description: `${STATUS_TEXT[status] ?? status}: ${codes.join(', ')}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  const description = ROUTE_NOTES[`${route.method.toUpperCase()} ${route.path}`];
  return {
    summary: route.summary,
    ...(description ? { description } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.auth ? { security: route.auth === 'optional' ? [{}, { bearer: [] }] : [{ bearer: [] }] } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } }
      : {}),
    responses,
  };
}

export function openApiDocument(version = '0.1.0'): Json {
  const paths: Record<string, Json> = {};
  for (const route of ROUTES) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0',
    info: { title: 'Kampen om Norge', version, description: 'The lobby, seat and match API of the Kampen om Norge server.' },
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorBody, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: "A member's credentials, or a seat, co-commander or spectator link token" },
      },
    },
  };
}
