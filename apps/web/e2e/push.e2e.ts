/**
 * The installable app and "notify me on this device", in Chromium against the real server:
 * the service worker registers at the site root, "Notify me on this device" subscribes (Chromium's
 * own push service is out of reach offline, so PushManager.subscribe is replaced at the browser
 * boundary by a subscription to this test's loopback push service, with keys the test made), the
 * server's push arrives there and decrypts to "your move" for the match, the worker turns a push into
 * a notification, and with the network gone the app shell still opens (or the offline page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, cspViolations, newContext, useWebRig } from './helpers';
import { decryptAes128gcm, newSubscriptionKeys } from '../../server/test/web-push-decrypt';
import { httpReceiver, type Received } from '../../server/test/http-receiver';

// Loopback push service: allowed only because this rig lifts the public-address rule, as webhook tests do.
const rig = useWebRig({ WEBHOOK_TARGETS: 'any' });

let service: Awaited<ReturnType<typeof httpReceiver>>;
let received: Received[] = [];
let serviceUrl = '';
beforeAll(async () => {
  service = await httpReceiver(() => 201);
  received = service.received;
  serviceUrl = service.url;
});
afterAll(async () => {
  await service.close();
});

describe('installable app and web push', () => {
  it('subscribes this device, receives a readable push, and opens offline', async () => {
    const keys = newSubscriptionKeys();
    const endpoint = `${serviceUrl}/greta`;
    const ctx = await newContext(rig.browser, { lang: 'en' });
    await ctx.grantPermissions(['notifications'], { origin: rig.base });
    await ctx.addInitScript(
      ({ endpoint, keys }) => {
        // The browser boundary only: everything above it (the app, the worker) is the real thing.
        if (!('PushManager' in self)) return;
        let current: unknown = null;
        const fake = (applicationServerKey: unknown) => ({
          endpoint,
          expirationTime: null,
          options: { applicationServerKey, userVisibleOnly: true },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => ((current = null), true),
        });
        PushManager.prototype.subscribe = async (opts?: PushSubscriptionOptionsInit) => {
          const k = opts?.applicationServerKey;
          current = fake(k instanceof Uint8Array ? k.buffer : k);
          return current as PushSubscription;
        };
        PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
      },
      { endpoint, keys: keys.keys },
    );
    const g = await ctx.newPage();
    const errors: string[] = [];
    g.on('pageerror', (e) => errors.push(e.message));

    // The manifest: installable, opening on "My matches", with the icons it names.
    const manifest = await (await fetch(`${rig.base}/manifest.webmanifest`)).json();
    expect(manifest.start_url).toBe('/#my-matches');
    expect(manifest.display).toBe('standalone');
    for (const icon of manifest.icons as { src: string; type: string }[]) {
      const r = await fetch(rig.base + icon.src);
      expect(r.status, icon.src).toBe(200);
      expect(r.headers.get('content-type')).toContain(icon.type);
    }

    const invites = await createMatch(g, rig.base, { name: 'Greta', seat: 'germany' });
    await g.goto(`${rig.base}/m/${invites.matchID}`);
    // The worker is registered at the site root and controls the page.
    const scope = await g.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${rig.base}/`);

    // One click in the notification settings.
    await g.click('[data-testid="notify-open"]');
    expect(await g.locator('[data-testid="push-button"]').textContent()).toBe('Notify me on this device');
    await g.locator('[data-testid="push-button"]').click();
    await g.locator('[data-testid="push-toggle"][data-on="true"]').waitFor();
    expect(await g.locator('[data-testid="push-toggle"] [role=status]').textContent()).toContain('This device will now be told');
    await g.keyboard.press('Escape');

    // Germany closes the tab; the others join; Germany's first decision is pushed.
    await g.goto(`${rig.base}/`);
    for (const seat of ['norway', 'allies']) {
      const r = await fetch(`${rig.base}/api/matches/${invites.matchID}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: invites.seats[seat]!.split('#')[1], name: seat }),
      });
      expect(r.status).toBe(201);
    }
    const deadline = Date.now() + 20_000;
    while (!received.some((r) => r.path === '/greta') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const push = received.find((r) => r.path === '/greta');
    expect(push, 'a push to this device').toBeDefined();
    const msg = JSON.parse(decryptAes128gcm(keys, push!.body));
    expect(msg).toMatchObject({ title: 'Your move as Germany', url: `/m/${invites.matchID}` });
    expect(msg.body).toContain(invites.matchID);

    // The worker shows a push as a notification (delivered through the browser's own push path).
    const cdp = await ctx.newCDPSession(g);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL === `${rig.base}/`);
        if (r) resolve(r.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: rig.base, registrationId, data: JSON.stringify(msg) });
    // Polled from here: waitForFunction takes an async predicate's promise itself as its truthy answer.
    const shown = () =>
      g.evaluate(async () => {
        const n = await (await navigator.serviceWorker.ready).getNotifications();
        return n.length > 0 ? { title: n[0]!.title, body: n[0]!.body, url: (n[0]!.data as { url: string }).url } : null;
      });
    await expect.poll(shown, { timeout: 10_000 }).toEqual({ title: msg.title, body: msg.body, url: msg.url });

    // Offline: the kept app shell opens (the home page draws), not a browser error.
    await ctx.setOffline(true);
    await g.reload();
    await g.locator('input[name=name]').waitFor({ timeout: 10_000 });
    // A match page offline opens from the same shell too (it routes by itself).
    await g.goto(`${rig.base}/m/${invites.matchID}`);
    expect(await g.locator('#root').count()).toBe(1);
    // Without a kept shell, the offline page says so in both languages.
    await g.evaluate(async () => (await caches.open('kon-shell-v1')).delete('/'));
    await g.goto(`${rig.base}/`);
    await g.locator('[data-testid="offline-page"]').waitFor();
    expect(await g.locator('[data-testid="offline-page"]').textContent()).toContain('You are offline');
    await ctx.setOffline(false);

    expect(cspViolations(ctx)).toEqual([]);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
