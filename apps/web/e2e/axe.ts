/** axe-core's findings on a page, for the browser tests that check accessibility. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One axe-core finding: the rule, its impact, its help line and each element it names (selector and why). */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** Every axe-core violation on the page as it stands (axe is loaded through the debugging protocol, which the page's CSP does not govern). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE}\n;undefined`);
  return page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run(c: Document, o: object): Promise<any> } }).axe.run(document, {
      resultTypes: ['violations'],
    });
    return (r.violations as any[]).map((v) => ({
      id: v.id as string,
      impact: v.impact as string | null,
      help: v.help as string,
      nodes: (v.nodes as any[]).map((n) => ({
        target: (n.target as string[]).join(' '),
        summary: (n.failureSummary as string | undefined) ?? '',
      })),
    }));
  });
}

const serious = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';

/** Each serious or critical violation as `id (impact): the first three elements`; none is []. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).filter(serious).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target)
        .join(', ')}`,
  );
}
