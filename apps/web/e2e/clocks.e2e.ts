/**
 * A correspondence match with a one-minute deadline per decision, "lose on time" at zero, made
 * through the create form: the clock shows and ticks on the board, the notification settings say
 * e-mail is off (the rig has no SMTP server), and when Germany lets the minute run out the server
 * ends the game and the result screen says Germany ran out of time. Waits about a minute.
 */
import { describe, expect, it } from 'vitest';
import { newContext, shot, useWebRig } from './helpers';

const rig = useWebRig();

describe('clocks in the browser', () => {
  it('a one-minute correspondence deadline runs out and Germany loses on time', async () => {
    const ctx = await newContext(rig.browser, { lang: 'no' });
    const g = await ctx.newPage();
    const errors: string[] = [];
    g.on('pageerror', (e) => errors.push(e.message));

    await g.goto(`${rig.base}/`);
    await g.fill('input[name=name]', 'Greta');
    await g.check('input[name=clock][value=correspondence]');
    await g.fill('input[name=per]', '1');
    await g.selectOption('select[name=unit]', 'minutes');
    await g.check('input[name=atZero][value=lose]');
    await g.check('input[name=seat][value=germany]');
    await shot(g, 'clock-create');
    await g.click('button[type=submit]');
    await g.waitForURL(/\/m\/[^/]+\/invite$/);
    const matchID = /\/m\/([^/]+)\/invite/.exec(g.url())![1]!;
    // Norway and the Allies join by their links (through the API: this test is about the clock).
    const links: Record<string, string> = {};
    for (const seat of ['norway', 'allies']) {
      const field = g.locator(`[data-testid="invite-${seat}"] input`);
      await field.waitFor();
      links[seat] = (await field.inputValue()).split('#')[1]!;
    }
    const joinBy = async (seat: string) => {
      const r = await fetch(`${rig.base}/api/matches/${matchID}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: links[seat], name: seat }),
      });
      expect(r.status).toBe(201);
    };
    await joinBy('norway');
    await g.goto(`${rig.base}/m/${matchID}`);
    // The waiting room says which time control was chosen; no clock runs yet.
    const tag = g.locator('[data-testid="clock-tag"]');
    await tag.waitFor();
    expect(await tag.textContent()).toContain('Korrespondanse, 1 min per avgjørelse');
    await shot(g, 'clock-waiting-room');
    const started = Date.now();
    await joinBy('allies');

    const clock = g.locator('[data-testid="clock-germany"] .clock-time');
    await clock.waitFor({ timeout: 20_000 });
    expect(await g.locator('[data-testid="clocks"]').getAttribute('data-mode')).toBe('correspondence');
    await g.locator('[data-testid="clock-badge"]').waitFor();
    const first = await clock.textContent();
    expect(first).toMatch(/^0:[0-5]\d$|^1:00$/);
    await g.waitForFunction((t) => document.querySelector('[data-testid="clock-germany"] .clock-time')?.textContent !== t, first, {
      timeout: 5000,
    });
    await shot(g, 'clock-running');

    // The notification settings say plainly that this server sends no e-mail.
    await g.click('[data-testid="notify-open"]');
    await g.locator('[data-testid="notify-email-off"]').waitFor();
    expect(await g.locator('input[name=email]').isDisabled()).toBe(true);
    await shot(g, 'notify-dialog');
    await g.keyboard.press('Escape');

    // Germany does nothing: about a minute after the game began, the server ends it.
    const result = g.locator('[data-testid="result"]');
    await result.waitFor({ state: 'visible', timeout: 90_000 });
    expect(Date.now() - started).toBeGreaterThan(55_000);
    expect(await result.textContent()).toContain('Tyskland gikk tom for tid.');
    // No clock runs after the end.
    expect(await g.locator('[data-testid="clock-badge"]').count()).toBe(0);
    expect(await g.locator('[data-testid="clocks"] .clock-row').count()).toBe(0);
    const G = await rig.trueState(matchID);
    expect(G.result).toMatchObject({ reason: 'time', timedOut: 'germany', winner: 'norway-allies' });
    await shot(g, 'clock-lost-on-time');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
