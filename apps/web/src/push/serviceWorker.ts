/**
 * Registers the service worker (public/sw.js: the offline shell and push messages). Not under the dev
 * server (it has hot reloading): its modules change under the page, and a worker caching them would
 * serve stale code. (import.meta.env.PROD is no test: a build made under NODE_ENV=test has it false.)
 */
export function registerServiceWorker(): void {
  if (import.meta.hot || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* no worker (private mode, an old browser): the app works as before, without offline or push */
    });
  });
}

/** The worker, once it is active (push needs one). */
export async function activeWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}
