/**
 * Accounts in Chromium with the DevTools virtual authenticator (a real WebAuthn ceremony, the
 * browser's own): a guest with a match signs up with a passkey and takes the match along; a phone
 * with the same passkey signs in and finds the match in its list; then signs out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { smtpReceiver } from '../../server/test/account-client';
import { createMatch, cspViolations, newContext, shot, useWebRig } from './helpers';

const smtp = await smtpReceiver();
afterAll(() => smtp.close());
const rig = useWebRig({ RATE_LIMIT_PER_MINUTE: '100000', SMTP_URL: smtp.url });
/** WebAuthn wants a domain, never an IP address: the site as localhost. */
const site = () => rig.base.replace('127.0.0.1', 'localhost');

async function withAuthenticator(ctx: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

describe('accounts', () => {
  it('signs up with a passkey, takes the guest match along, and signs in on a phone with the same passkey', async () => {
    const laptopCtx = await newContext(rig.browser, { lang: 'en', width: 1366, height: 800 });
    const laptop = await laptopCtx.newPage();
    const errors: string[] = [];
    laptop.on('pageerror', (e) => errors.push(e.message));
    const a = await withAuthenticator(laptopCtx, laptop);

    // A guest match first, as today.
    const m = await createMatch(laptop, site(), { name: 'Greta', seat: 'germany' });
    await laptop.goto(`${site()}/`);
    await laptop.locator('[data-testid="account-entry"]').click();
    await laptop.locator('[data-testid="sign-in"]').waitFor();
    await shot(laptop, 'account-sign-in-laptop');
    await laptop.click('text=Create an account');
    await laptop.fill('[data-testid="account-name"]', 'Greta G');
    await shot(laptop, 'account-new-laptop');
    await laptop.click('[data-action="create-account"]');
    await laptop.locator('[data-testid="account"]').waitFor();
    expect(await laptop.locator('[data-testid="account"]').textContent()).toContain('signed in as Greta G');
    // The guest match is the account's now, in the first list the page shows.
    await laptop.locator('[data-testid="account-matches"] li').first().waitFor();
    expect(await laptop.locator('[data-testid="account-matches"] li').count()).toBe(1);
    expect(await laptop.locator('[data-testid="account-entry"]').textContent()).toBe('Greta G');
    await shot(laptop, 'account-manage-laptop');

    // The phone gets the same passkey (as a synced passkey would arrive) and nothing else.
    const { credentials } = await a.cdp.send('WebAuthn.getCredentials', { authenticatorId: a.id });
    expect(credentials).toHaveLength(1);
    const phoneCtx = await newContext(rig.browser, { lang: 'no', width: 390, height: 844 });
    const phone = await phoneCtx.newPage();
    phone.on('pageerror', (e) => errors.push(e.message));
    const p = await withAuthenticator(phoneCtx, phone);
    await p.cdp.send('WebAuthn.addCredential', { authenticatorId: p.id, credential: credentials[0]! });
    await phone.goto(`${site()}/account`);
    await phone.locator('[data-testid="sign-in"]').waitFor();
    await shot(phone, 'account-sign-in-phone');
    await phone.click('[data-action="passkey-sign-in"]');
    await phone.locator('[data-testid="account"]').waitFor();
    expect(await phone.locator('[data-testid="account"]').textContent()).toContain('Greta G');
    await shot(phone, 'account-manage-phone');
    // Home: the laptop's match is in the phone's list, and opens as Germany's member.
    await phone.goto(`${site()}/`);
    await phone.locator(`[data-testid="my-matches"] tr[data-match="${m.matchID}"]`).waitFor();
    await shot(phone, 'account-home-phone');
    await phone.goto(`${site()}/m/${m.matchID}`);
    await phone.locator('[data-testid="notify-open"]').waitFor();
    await shot(phone, 'account-match-phone');
    await phone.click('[data-testid="member-menu"]');
    await phone.locator('[data-testid="account-menu-link"]').waitFor();
    expect(await phone.locator('.account-menu-item').textContent()).toContain('Greta G');
    await shot(phone, 'account-member-menu-phone');

    // Signing out on the phone leaves the laptop signed in.
    await phone.goto(`${site()}/account`);
    await phone.click('[data-action="sign-out"]');
    await phone.locator('[data-testid="sign-in"]').waitFor();
    await laptop.reload();
    await laptop.locator('[data-testid="account"]').waitFor();

    expect(errors).toEqual([]);
    expect(cspViolations(laptopCtx)).toEqual([]);
    await laptopCtx.close();
    await phoneCtx.close();
  }, 240_000);

  it('creates an account by e-mail link, opened by a click on the link page', async () => {
    const ctx = await newContext(rig.browser, { lang: 'en', width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`${site()}/account/new`);
    await page.click('text=Use e-mail instead');
    await page.fill('[data-testid="account-name"]', 'Mads');
    await page.fill('input[type=email]', 'mads@example.org');
    await page.click('[data-action="create-account"]');
    await page.locator('[data-testid="link-sent"]').waitFor();
    let token: string | undefined;
    for (let i = 0; i < 100 && !token; i++) {
      token = smtp.tokenFor('mads@example.org');
      if (!token) await page.waitForTimeout(50);
    }
    expect(token).toBeTruthy();
    await page.goto(`${site()}/account/link#${token}`);
    await page.locator('[data-action="redeem-link"]').waitFor();
    // The token left the address bar; nothing is used up until the click.
    expect(page.url()).toBe(`${site()}/account/link`);
    await shot(page, 'account-link-phone');
    await page.click('[data-action="redeem-link"]');
    await page.locator('[data-testid="account"]').waitFor();
    expect(await page.locator('[data-testid="account"]').textContent()).toContain('mads@example.org');
    await shot(page, 'account-by-email-phone');
    await ctx.close();
  });
});
