/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { CacheFirst } from 'workbox-strategies';
import { registerOutboxHandlers } from '../src/app/outbox-handlers';
import { errorStatus, setSessionSource } from '../src/lib/api-client';
import { MEDIA_CACHE } from '../src/lib/media-cache';
import { syncEngine } from '../src/lib/device-sync';
import { heldRecordingLocks } from '../src/lib/recording-lock';
import { createWorkerSession } from '../src/lib/worker-session';

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

// The outbox is sent from here too, so an answer leaves the device even when the student closed
// the app right after the exam: the same engine and handlers as the page, its own session.
const session = createWorkerSession();
setSessionSource(session);
syncEngine.setCurrentOwner(() => session.userId());
registerOutboxHandlers(syncEngine);
syncEngine.onSent((item) => {
  // Pages opened later refresh too (their saved copy predates the send).
  void syncEngine.noteSentByWorker(item).catch(() => undefined);
  // Open pages refresh what they show (their lists, the pending badge).
  void self.clients.matchAll({ type: 'window' }).then((clients) => {
    for (const client of clients) client.postMessage({ type: 'outbox-sent', item });
  });
});

/**
 * Background Sync: the network is back. Signs in with the refresh cookie and sends that user's
 * items (one sender with the tabs: the engine's Web Lock). Rejecting makes the browser try again
 * later; with no session on the device (logged out) the items wait for their owner's login.
 */
async function deliverOutbox(): Promise<void> {
  try {
    await session.refresh();
  } catch (error) {
    if (errorStatus(error) !== undefined) return;
    throw error;
  }
  await syncEngine.drainNow();
  const left = await syncEngine.sendable();
  if (left > 0) throw new Error(`${left} outbox items still waiting`);
}

self.addEventListener('sync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag !== 'ustno-outbox') return;
  e.waitUntil(deliverOutbox());
});

// Media (task files, recordings) cache-first by id: the signature in the query string changes
// with every signed URL, the content does not. Range requests (audio seeking) are answered from
// the cached whole file; partial answers from the network are not cached.
const MEDIA_PATH = /^\/api\/(files|recordings)\/\d+\/content$/;
registerRoute(
  ({ url, request }) => request.method === 'GET' && MEDIA_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
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
