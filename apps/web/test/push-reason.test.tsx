// @vitest-environment jsdom
/**
 * "Notify me on this device" says why it cannot work and what to do instead: a private window (no
 * service worker), a browser without a push service, notifications blocked; each in both languages.
 * The browser's push parts are stubbed on jsdom's window and navigator.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PushToggle } from '../src/push/PushToggle';
import { PUSH_BLOCKS, PushStepError, pushBlock, pushFailure, pushStep } from '../src/push/pushReason';
import { I18nContext, translate, type Lang } from '../src/i18n';

const win = {} as object;
const full = { isSecureContext: true, navigator: { serviceWorker: {} }, window: { PushManager: 1, Notification: 1 } };

describe('why push cannot work, before a click', () => {
  it('tells each browser apart', () => {
    expect(pushBlock(full)).toBeNull();
    expect(pushBlock({ ...full, permission: 'granted' })).toBeNull();
    expect(pushBlock({ ...full, permission: 'denied' })).toBe('denied');
    expect(pushBlock({ ...full, isSecureContext: false })).toBe('insecure');
    // A private window (Firefox) has no service worker at all, or an empty slot for one.
    expect(pushBlock({ ...full, navigator: {} })).toBe('no-worker');
    expect(pushBlock({ ...full, navigator: { serviceWorker: undefined } })).toBe('no-worker');
    expect(pushBlock({ ...full, window: { Notification: 1 } })).toBe('no-push');
    expect(pushBlock({ ...full, window: { PushManager: 1 } })).toBe('no-push');
    expect(pushBlock({ navigator: {}, window: win, isSecureContext: true })).toBe('no-worker');
    expect(pushBlock({})).toBe('no-push');
  });
});

describe('why a click failed', () => {
  it('names the step that failed, and leaves the server’s refusals to their own texts', () => {
    expect(pushFailure(new Error('permission'))).toBe('denied');
    expect(pushFailure(new PushStepError('worker', new DOMException('no', 'SecurityError')))).toBe('no-worker');
    expect(pushFailure(new PushStepError('subscribe', new DOMException('no', 'AbortError')))).toBe('no-push');
    expect(pushFailure(new PushStepError('subscribe', new DOMException('no', 'NotAllowedError')))).toBe('denied');
    expect(pushFailure(new Error('something else'))).toBeNull();
    expect(pushFailure('x')).toBeNull();
  });

  it('turns a step that never answers into that step’s failure', async () => {
    vi.useFakeTimers();
    try {
      const never = pushStep('subscribe', new Promise(() => {}), 1_000);
      const caught = never.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(pushFailure(await caught)).toBe('no-push');
      await expect(pushStep('worker', Promise.resolve(7), 1_000)).resolves.toBe(7);
      expect(pushFailure(await pushStep('worker', Promise.reject(new Error('x')), 1_000).catch((e: unknown) => e))).toBe('no-worker');
    } finally {
      vi.useRealTimers();
    }
  });

  it('has a text for each reason in both languages, each saying what to do instead', () => {
    for (const why of PUSH_BLOCKS) {
      const no = translate('no', `push.why.${why}`);
      const en = translate('en', `push.why.${why}`);
      expect(no, why).not.toBe(`push.why.${why}`);
      expect(en, why).not.toBe(`push.why.${why}`);
      expect(no, why).toMatch(/e-post/);
      expect(en, why).toMatch(/e-mail/);
    }
    expect(translate('en', 'push.why.no-worker')).toMatch(/private window/);
    expect(translate('no', 'push.why.denied')).toMatch(/innstillinger/);
  });
});

describe('the toggle in a browser', () => {
  const saved = { sw: Object.getOwnPropertyDescriptor(navigator, 'serviceWorker') };
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    for (const k of ['PushManager', 'Notification'] as const) delete (window as unknown as Record<string, unknown>)[k];
    if (saved.sw) Object.defineProperty(navigator, 'serviceWorker', saved.sw);
    else delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  });

  const server = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ publicKey: 'BAAA', endpoints: [] }), { status: 200 })),
    );
  async function show(lang: Lang) {
    render(
      <I18nContext.Provider value={{ lang, t: (k, p) => translate(lang, k, p), setLang: () => {} }}>
        <PushToggle matchID="m1" credentials="m_x" />
      </I18nContext.Provider>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
  }
  const worker = (sw: object) => Object.defineProperty(navigator, 'serviceWorker', { value: sw, configurable: true });
  const pushParts = (permission: NotificationPermission, request: () => Promise<NotificationPermission> = async () => permission) => {
    Object.assign(window, { PushManager: class {}, Notification: { permission, requestPermission: request } });
  };

  it('in a private window (no service worker) says so, with the e-mail way instead, in Norwegian', async () => {
    server();
    pushParts('default');
    await show('no');
    expect(screen.queryByTestId('push-button')).toBeNull();
    expect(screen.getByTestId('push-why').dataset.why).toBe('no-worker');
    expect(screen.getByTestId('push-why').textContent).toBe(translate('no', 'push.why.no-worker'));
  });

  it('with notifications blocked says where to allow them, in English', async () => {
    server();
    worker({ getRegistration: async () => undefined });
    pushParts('denied');
    await show('en');
    expect(screen.getByTestId('push-why').dataset.why).toBe('denied');
    expect(screen.getByTestId('push-why').textContent).toMatch(/Allow them for the site in the browser's settings/);
  });

  it('without a push service in the browser says so', async () => {
    server();
    worker({ getRegistration: async () => undefined });
    await show('en');
    expect(screen.getByTestId('push-why').dataset.why).toBe('no-push');
  });

  it('when the worker will not start after the click, says why instead of a general error', async () => {
    server();
    worker({
      getRegistration: async () => undefined,
      register: async () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      ready: new Promise(() => {}),
    });
    pushParts('default', async () => 'granted');
    await show('en');
    await act(async () => {
      fireEvent.click(screen.getByTestId('push-button'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByRole('status').textContent).toBe(translate('en', 'push.why.no-worker'));
  });

  it('when the player says no to the prompt, says how to allow it later', async () => {
    server();
    worker({ getRegistration: async () => undefined });
    pushParts('default', async () => 'denied');
    await show('no');
    await act(async () => {
      fireEvent.click(screen.getByTestId('push-button'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByRole('status').textContent).toBe(translate('no', 'push.why.denied'));
  });
});
