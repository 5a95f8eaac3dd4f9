/**
 * The HTTP API reference as Markdown (docs/api.md), rendered from the OpenAPI document so that it
 * says exactly what the server's schemas say. `npm run docs:api` writes it; a server test fails
 * when the committed file differs from this rendering.
 */
import { ERRORS, type ErrorCode } from './errors';
import { openApiDocument } from './openapi';

type Json = Record<string, any>;

export const API_DOC_COMMAND = 'npm run docs:api';

/**
 * A JSON schema in one line: the top object names its fields with their shapes, an object inside it
 * only its field names (`?` when optional), deeper ones are `{…}`. An array is as deep as its items.
 */
export function schemaShape(s: Json | undefined, depth = 0): string {
  if (!s || Object.keys(s).length === 0) return 'any';
  if (s.$ref) return String(s.$ref).split('/').pop()!;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union)) return union.map((u: Json) => schemaShape(u, depth)).join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type === 'array') return `[${schemaShape(s.items, depth)}]`;
  if (s.type === 'object') {
    const props = s.properties as Json | undefined;
    if (!props || Object.keys(props).length === 0)
      return s.additionalProperties && s.additionalProperties !== true
        ? `{ [key]: ${schemaShape(s.additionalProperties, depth + 1)} }`
        : '{…}';
    if (depth > 1) return '{…}';
    const required = new Set<string>(s.required ?? []);
    const fields = Object.entries(props).map(
      ([k, v]) => `${k}${required.has(k) ? '' : '?'}${depth === 0 ? `: ${schemaShape(v as Json, depth + 1)}` : ''}`,
    );
    return `{ ${fields.join(', ')} }`;
  }
  return String(s.type ?? 'any');
}

/** A table cell: a code span with its pipes escaped (GFM splits cells on them, even inside code). */
const cell = (text: string) => `\`${text.replace(/\|/g, '\\|')}\``;

/** GitHub's heading anchor of a route's heading `METHOD path`. */
export function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function authText(op: Json): string {
  if (!op.security) return 'none';
  return op.security.some((s: Json) => Object.keys(s).length === 0) ? 'optional bearer token' : 'bearer token';
}

function operationSection(method: string, path: string, op: Json): string[] {
  const rows: [string, string][] = [['Auth', authText(op)]];
  const params = (op.parameters ?? []) as Json[];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => `\`${p.name}\``);
  if (pathParams.length) rows.push(['Path', pathParams.join(', ')]);
  const query = params.filter((p) => p.in === 'query');
  if (query.length) rows.push(['Query', query.map((p) => cell(`${p.name}${p.required ? '' : '?'}: ${schemaShape(p.schema)}`)).join(', ')]);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) rows.push(['Request', cell(schemaShape(body))]);
  const answers: string[] = [];
  const refusals: string[] = [];
  for (const [status, response] of Object.entries(op.responses as Json)) {
    const schema = response.content?.['application/json']?.schema;
    if (schema?.$ref === '#/components/schemas/Error')
      refusals.push(`${status} ${String(response.description).split(': ')[1] ?? ''}`.trim());
    else answers.push(schema ? `${status} ${cell(schemaShape(schema))}` : `${status} (no body)`);
  }
  rows.push(['Answers', answers.join('<br>')]);
  if (refusals.length) rows.push(['Refusals', refusals.join('<br>')]);
  return [
    `### ${method.toUpperCase()} ${path}`,
    '',
    `${op.summary}.`,
    '',
    '| | |',
    '| --- | --- |',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    '',
    ...(op.description ? [op.description, ''] : []),
  ];
}

function errorTable(): string[] {
  const codes = Object.entries(ERRORS) as [ErrorCode, { status: number | null }][];
  const lines = ['| Code | HTTP status |', '| --- | --- |'];
  for (const [code, { status }] of codes) lines.push(`| \`${code}\` | ${status ?? 'socket only'} |`);
  return lines;
}

export function apiMarkdown(doc: Json = openApiDocument()): string {
  const ops: [string, string, Json][] = [];
  for (const [path, methods] of Object.entries(doc.paths as Json))
    for (const [method, op] of Object.entries(methods as Json)) ops.push([method, path, op as Json]);
  const out = [
    '# HTTP API',
    '',
    `<!-- Generated from the OpenAPI document (packages/protocol) by \`${API_DOC_COMMAND}\`; do not edit by hand. -->`,
    '',
    'Every body, request and answer, is JSON (`Content-Type: application/json`), at most `BODY_LIMIT_BYTES`, and a zod',
    'schema of `@kon/protocol`; `GET /api/openapi.json` serves the whole OpenAPI 3.1 document this page is made from.',
    'Tokens go only in `Authorization: Bearer <token>`. A refusal is `{ "error": { "code", "message", "issues"?, "retryAfter"? } }`',
    "(`issues`: the fields that were wrong, for `invalid_body`; `retryAfter`: the seconds a limit's refusal asks to wait,",
    "also in a `Retry-After` header), answered with its code's status; it never repeats what",
    'was sent. Shapes below are one level deep: `?` marks an optional field, `{…}` an object (see the document).',
    '',
    '| Method | Path | What |',
    '| --- | --- | --- |',
    ...ops.map(([m, p, op]) => `| ${m.toUpperCase()} | [\`${p}\`](#${anchorOf(`${m} ${p}`)}) | ${op.summary} |`),
    '',
    '## Routes',
    '',
    ...ops.flatMap(([m, p, op]) => operationSection(m, p, op)),
    '## Error codes',
    '',
    'Every code the server answers, on HTTP and on the socket (`kon:error`), from packages/protocol/src/errors.ts.',
    '',
    ...errorTable(),
    '',
  ];
  return out.join('\n');
}
