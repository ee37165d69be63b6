/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { CacheFirst } from 'workbox-strategies';
import { heldRecordingLocks } from '../src/lib/recording-lock';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell, its chunks, icons and sounds/start.mp3 (see vite.config.ts globPatterns).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation is answered by the shell, so deep links open offline; the API never is.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== 'SKIP_WAITING') return;
  // Never while a tab records (taking over reloads the app); the prompt can ask again.
  event.waitUntil(
    heldRecordingLocks(self.navigator.locks).then((recording) => {
      if (recording.size === 0) return self.skipWaiting();
    }),
  );
});
clientsClaim();

// Background Sync: the network is back; the open app drains its outbox (it holds the session).
self.addEventListener('sync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag !== 'ustno-outbox') return;
  e.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'outbox-sync' });
    }),
  );
});

// Media (task files, recordings) cache-first by id: the signature in the query string changes
// with every signed URL, the content does not. Range requests (audio seeking) are answered from
// the cached whole file; partial answers from the network are not cached.
const MEDIA_PATH = /^\/api\/(files|recordings)\/\d+\/content$/;
registerRoute(
  ({ url, request }) => request.method === 'GET' && MEDIA_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: 'ustno-media',
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          return `${url.origin}${url.pathname}`;
        },
      },
      new CacheableResponsePlugin({ statuses: [200] }),
      new RangeRequestsPlugin(),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);
