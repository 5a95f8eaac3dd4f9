/** Writes docs/api.md, the HTTP API reference, from the OpenAPI document (`npm run docs:api`). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiMarkdown } from '../src/api-markdown';

const target = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
writeFileSync(target, apiMarkdown());
console.log(`wrote ${target}`);
