/**
 * One "My matches" across devices: two browser contexts (a laptop and a phone, each with its own
 * localStorage) each start a match; the laptop makes a link, the phone opens it, and then both list
 * both matches, and open them as the same member.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMatch, cspViolations, newContext, useWebRig } from './helpers';

const rig = useWebRig();

async function listed(page: Page): Promise<string[]> {
  await page.locator('[data-testid="my-matches"] tr[data-match]').first().waitFor();
  return (
    await page.locator('[data-testid="my-matches"] tr[data-match]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-match')!))
  ).sort();
}

describe('linked devices', () => {
  it('two browsers linked as one player list the same matches', async () => {
    const laptopCtx = await newContext(rig.browser, { lang: 'en' });
    const phoneCtx = await newContext(rig.browser, { lang: 'no', width: 390, height: 844 });
    const laptop = await laptopCtx.newPage();
    const phone = await phoneCtx.newPage();
    const errors: string[] = [];
    for (const p of [laptop, phone]) p.on('pageerror', (e) => errors.push(e.message));

    const a = await createMatch(laptop, rig.base, { name: 'Greta', seat: 'germany' });
    const b = await createMatch(phone, rig.base, { name: 'Greta', seat: 'norway' });
    await laptop.goto(`${rig.base}/`);
    expect(await listed(laptop)).toEqual([a.matchID]);

    // The laptop makes a one-time link; the phone opens it.
    await laptop.click('[data-testid="make-device-link"]');
    const link = await laptop.locator('[data-testid="device-link"]').inputValue();
    expect(link).toMatch(new RegExp(`^${rig.base}/#link=l_`));
    await phone.goto(link);
    await phone.locator('[data-testid="link-devices"] [role=status]').waitFor();
    expect(await phone.locator('[data-testid="link-devices"] [role=status]').textContent()).toContain('Enheten er koblet til');
    // The code left the address bar, and the phone lists both matches.
    expect(phone.url()).toBe(`${rig.base}/`);
    await phone.waitForFunction(() => document.querySelectorAll('[data-testid="my-matches"] tr[data-match]').length === 2);
    expect(await listed(phone)).toEqual([a.matchID, b.matchID].sort());
    // The laptop, opened again, lists the phone's match too.
    await laptop.goto(`${rig.base}/`);
    await laptop.waitForFunction(() => document.querySelectorAll('[data-testid="my-matches"] tr[data-match]').length === 2);
    expect(await listed(laptop)).toEqual([a.matchID, b.matchID].sort());
    // The phone opens the laptop's match as Germany's member, with no join page on the way.
    await phone.goto(`${rig.base}/m/${a.matchID}`);
    await phone.locator('[data-testid="notify-open"]').waitFor();

    // A used link works once.
    const third = await (await newContext(rig.browser, { lang: 'en' })).newPage();
    await third.goto(link);
    await third.locator('[data-testid="link-devices"] [role=status]').waitFor();
    expect(await third.locator('[data-testid="link-devices"] [role=status]').textContent()).toContain('does not work');
    expect(await third.locator('[data-testid="my-matches"]').count()).toBe(0);

    expect(cspViolations(laptopCtx)).toEqual([]);
    expect(cspViolations(phoneCtx)).toEqual([]);
    expect(errors).toEqual([]);
    await laptopCtx.close();
    await phoneCtx.close();
  });
});
