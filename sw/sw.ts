/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { CacheFirst } from 'workbox-strategies';
import { outboxKinds } from '@/app/outbox-kinds';
import { queueAbandonedRecordings } from '@/features/exam-session/api/recover-recordings';
import { errorStatus, setSessionSource } from '@/lib/api-client';
import { MEDIA_CACHE } from '@/lib/media-cache';
import { syncEngine } from '@/lib/device-sync';
import { heldRecordingLocks } from '@/lib/recording-lock';
import { OUTBOX_SYNC_TAG } from '@/lib/sync-tag';
import { createWorkerSession } from '@/lib/worker-session';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell, its chunks, icons and sounds/start.mp3 (see vite.config.ts globPatterns).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Chromium's static routing (`InstallEvent.addRoutes`, not yet in TypeScript's worker types). */
interface StaticRouting {
  addRoutes?(rules: unknown): Promise<void>;
}

// The app's files (hashed names under /assets/, precached by their plain address) are read by the
// browser straight from the precache, without waking this worker or running its script for each:
// a screen's 80-odd chunks each took a fetch event on the critical path of an offline open
// (`npm run bench -- exam-open`). A file not in the cache (another version's) goes to the network,
// as Workbox's route would send it. Where the browser has no static routes, Workbox's route serves
// them as before; a rule the browser refuses costs only the shortcut, never the install.
self.addEventListener('install', (event) => {
  const routing = event as ExtendableEvent & StaticRouting;
  if (!routing.addRoutes) return;
  // Called now (the install event's own turn) and caught whether it throws or rejects.
  const added = (async () =>
    routing.addRoutes?.({
      condition: { urlPattern: { pathname: '/assets/*' }, requestMethod: 'GET' },
      source: { cacheName: cacheNames.precache },
    }))();
  event.waitUntil(added.catch(() => undefined));
});

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
syncEngine.registerKinds(outboxKinds);
syncEngine.onSent((item) => {
  // Pages opened later refresh too (their saved copy predates the send).
  void syncEngine.noteSentByWorker(item).catch(() => undefined);
  // Open pages refresh what they show (their lists, the pending badge).
  void self.clients.matchAll({ type: 'window' }).then((clients) => {
    for (const client of clients) client.postMessage({ type: 'outbox-sent', item });
  });
});

/**
 * Background Sync: the network is back. Queues recordings a dead tab left behind, signs in with
 * the refresh cookie and sends that user's items (one sender with the tabs: the engine's Web
 * Lock). Rejecting makes the browser try again later, so every temporary failure rejects (no
 * answer, a 5xx or 429 on the refresh or a send, items left, a recording still being made). Only
 * a session refused for good resolves: the items wait for their owner's login, and a retry by
 * the browser would not change that.
 */
async function deliverOutbox(): Promise<void> {
  const recordingNow = await queueAbandonedRecordings();
  try {
    await session.refresh();
  } catch (error) {
    const status = errorStatus(error);
    if (status === 401 || status === 403) return;
    throw error;
  }
  await syncEngine.drainNow();
  const left = await syncEngine.sendable();
  if (left > 0) throw new Error(`${left} outbox items still waiting`);
  if (recordingNow > 0) throw new Error(`${recordingNow} recordings still being made`);
}

self.addEventListener('sync', (event: Event) => {
  const e = event as ExtendableEvent & { tag?: string };
  if (e.tag !== OUTBOX_SYNC_TAG) return;
  e.waitUntil(deliverOutbox());
});

// Media (task files, recordings, voice comments) cache-first by id: the signature in the query string changes
// with every signed URL, the content does not. Range requests (audio seeking) are answered from
// the cached whole file; partial answers from the network are not cached.
const MEDIA_PATH = /^\/api\/(files|recordings|voices)\/\d+\/content$/;
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
