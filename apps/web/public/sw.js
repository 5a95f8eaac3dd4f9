/*
 * The service worker (served from the site root, so its scope is the whole site). Two jobs:
 *  - Offline: the app shell (index.html and the hashed files it loads) is kept in a cache, so the app
 *    opens without a network; a page it cannot serve at all gets offline.html, never a browser error.
 *    The API and the live socket are never cached: a match is only ever shown as the server says it is.
 *  - Push: "your move" messages (apps/server/src/notifications/push.ts) become notifications; tapping
 *    one opens (or focuses) its match.
 * Plain JavaScript copied as is by the build: no bundling, so its address and scope never change.
 */
const SHELL = 'kon-shell-v1';
const OFFLINE = '/offline.html';
const FIXED = ['/', OFFLINE, '/offline.css', '/manifest.webmanifest', '/favicon.svg', '/icons/icon.svg', '/icons/icon-192.png'];

/** The hashed files index.html loads (scripts, styles, preloads): the rest of the shell. */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll(FIXED);
      const index = await cache.match('/');
      if (index) await cache.addAll(assetsOf(await index.text()));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

function cacheable(url) {
  return url.origin === self.location.origin && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/socket.io');
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (!cacheable(url)) return;
  if (req.mode === 'navigate') {
    // Pages: the network first (a new release is picked up at once); offline, the kept shell, which
    // routes by itself (/m/…, the home page); without even that, the offline page.
    event.respondWith(
      (async () => {
        try {
          const fresh = await fetch(req);
          if (fresh.ok && url.pathname === '/') (await caches.open(SHELL)).put('/', fresh.clone());
          return fresh;
        } catch {
          return (await caches.match('/')) ?? (await caches.match(OFFLINE)) ?? Response.error();
        }
      })(),
    );
    return;
  }
  // Hashed files (/assets/) never change: the cache first, and what the network brings is kept.
  // Other files (the manifest, icons, the offline page) may change with a release: the network
  // first, the kept copy when offline.
  const hashed = url.pathname.startsWith('/assets/');
  event.respondWith(
    (async () => {
      if (hashed) {
        const kept = await caches.match(req);
        if (kept) return kept;
      }
      try {
        const fresh = await fetch(req);
        if (fresh.ok && (hashed || FIXED.includes(url.pathname))) (await caches.open(SHELL)).put(req, fresh.clone());
        return fresh;
      } catch (e) {
        const kept = await caches.match(req);
        if (kept) return kept;
        throw e;
      }
    })(),
  );
});

self.addEventListener('push', (event) => {
  let msg = {};
  try {
    msg = event.data ? event.data.json() : {};
  } catch {
    msg = {};
  }
  const title = typeof msg.title === 'string' ? msg.title : 'Kampen om Norge';
  const url = typeof msg.url === 'string' && msg.url.startsWith('/') ? msg.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof msg.body === 'string' ? msg.body : '',
      tag: typeof msg.tag === 'string' ? msg.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
      renotify: true,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => c.url === target);
      if (same) return same.focus();
      return self.clients.openWindow(target);
    })(),
  );
});
