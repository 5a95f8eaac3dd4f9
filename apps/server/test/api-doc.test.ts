/**
 * docs/api.md is the HTTP API reference rendered from the OpenAPI document: it must be exactly what
 * the renderer makes of today's route table, so it never describes routes or fields that changed.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC_COMMAND, apiMarkdown } from '@kon/protocol/api-markdown';
import { openApiDocument, ROUTE_NOTES, ROUTES } from '@kon/protocol';

const committed = () => readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

describe('docs/api.md', () => {
  it('is what the OpenAPI document renders to today', () => {
    expect(committed() === apiMarkdown(), `docs/api.md is out of date with the route table: run \`${API_DOC_COMMAND}\` and commit it`).toBe(
      true,
    );
  });

  it('has a section for every route, with its notes where it has any', () => {
    const md = committed();
    for (const r of ROUTES) expect(md, `${r.method} ${r.path}`).toContain(`### ${r.method.toUpperCase()} ${r.path}\n`);
    const doc = openApiDocument() as any;
    for (const [key, note] of Object.entries(ROUTE_NOTES)) {
      const [method, path] = key.split(' ') as [string, string];
      expect(doc.paths[path]?.[method.toLowerCase()]?.description, `the note "${key}" belongs to a route of the table`).toBe(note);
    }
  });
});
