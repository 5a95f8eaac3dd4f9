/** axe-core's serious and critical findings on a page, for the browser tests that check accessibility. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Each serious or critical violation as `id (impact): the first three elements`; none is []. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE}\n;undefined`);
  const found = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run(c: Document, o: object): Promise<any> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return (r.violations as any[]).map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      nodes: (v.nodes as any[]).slice(0, 3).map((n) => (n.target as string[]).join(' ')),
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.join(', ')}`);
}
