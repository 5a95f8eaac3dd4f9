/**
 * Why "Notify me on this device" cannot work here, and so what the page tells the player to do
 * instead. Before the click, from what the browser offers (pushBlock); after a failed click, from
 * the step that failed (pushFailure). Each reason has a text in i18n-push.ts (`push.why.<reason>`).
 */

/**
 * - insecure: the page is not on https (nor localhost): no service worker, no push.
 * - no-worker: no service worker in this window (a private window, or it would not start).
 * - no-push: the browser has no push service (no PushManager or Notification, or subscribing failed).
 * - denied: notifications are blocked for this site (by the player, or always in a private window).
 */
export type PushBlock = 'insecure' | 'no-worker' | 'no-push' | 'denied';
export const PUSH_BLOCKS: readonly PushBlock[] = ['insecure', 'no-worker', 'no-push', 'denied'];

/** What the browser offers, passed in so tests can stand for any browser. */
export interface PushEnv {
  isSecureContext?: boolean;
  navigator?: object;
  window?: object;
  permission?: NotificationPermission;
}

function currentEnv(): PushEnv {
  if (typeof window === 'undefined') return {};
  const permission = 'Notification' in window ? Notification.permission : undefined;
  return { isSecureContext: window.isSecureContext, navigator, window, ...(permission ? { permission } : {}) };
}

/** Why push cannot work in this browser before anything is tried; null when it can be tried. */
export function pushBlock(env: PushEnv = currentEnv()): PushBlock | null {
  if (!env.window || !env.navigator) return 'no-push';
  if (env.isSecureContext === false) return 'insecure';
  if (!('serviceWorker' in env.navigator) || !(env.navigator as { serviceWorker?: unknown }).serviceWorker) return 'no-worker';
  if (!('PushManager' in env.window) || !('Notification' in env.window)) return 'no-push';
  return env.permission === 'denied' ? 'denied' : null;
}

/** A step of turning push on that failed: the service worker, or the push service's subscription. */
export class PushStepError extends Error {
  constructor(
    readonly step: 'worker' | 'subscribe',
    override readonly cause?: unknown,
  ) {
    super(`push ${step} failed`);
  }
}

/** Why a click on "Notify me" failed; null when it was not the browser (e.g. the server refused). */
export function pushFailure(err: unknown): PushBlock | null {
  if (err instanceof Error && err.message === 'permission') return 'denied';
  if (!(err instanceof PushStepError)) return null;
  if (err.step === 'worker') return 'no-worker';
  // Subscribing: NotAllowedError is the permission again; anything else means no push service here.
  return (err.cause as { name?: unknown } | undefined)?.name === 'NotAllowedError' ? 'denied' : 'no-push';
}

/** `p`, or a PushStepError of `step` when it fails or gives no answer within `ms` (a browser with no push service may never answer). */
export function pushStep<T>(step: PushStepError['step'], p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushStepError(step, new Error('timeout'))), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new PushStepError(step, e));
      },
    );
  });
}
