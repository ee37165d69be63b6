import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { LOCAL_DB_NAME } from '@/lib/local-db';
import { MEDIA_CACHE } from '@/lib/media-cache';
import { queryCacheKey, UNATTRIBUTED_KEY } from '@/lib/query-persister';
import { ACCESS_TOKEN_KEY } from '@/lib/tokens';
import { moveClock } from './clock';

/**
 * Waits until the service worker controls the page: from then on the app shell opens offline.
 * Fails after `timeoutMs` with what was missing (a page.evaluate has no timeout of its own).
 */
export async function waitForServiceWorker(page: Page, timeoutMs = 20_000): Promise<void> {
  const missing = await page.evaluate(async (ms) => {
    const controlled = (async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
      return null;
    })();
    // Said when it fails: where the registration stands (none, installing, waiting or active).
    // No named function inside: the bench runs this file through tsx, whose names helper
    // (`__name`) does not exist in the page.
    const late = new Promise<string>((resolve) =>
      setTimeout(() => {
        void navigator.serviceWorker
          .getRegistration()
          .catch(() => undefined)
          .then((r) =>
            resolve(
              `the service worker did not control the page within ${ms} ms ` +
                `(controller: ${navigator.serviceWorker.controller?.state ?? 'none'}; registration: ${
                  r
                    ? `installing ${r.installing?.state ?? '-'}, waiting ${r.waiting?.state ?? '-'}, active ${r.active?.state ?? '-'}`
                    : 'none'
                })`,
            ),
          );
      }, ms),
    );
    return Promise.race([controlled, late]);
  }, timeoutMs);
  if (missing) throw new Error(missing);
}

/** The paths the service worker's media cache holds (files, recordings, voices kept for offline). */
export const cachedMedia = (page: Page): Promise<string[]> =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  }, MEDIA_CACHE);

/**
 * Whether the device's saved query cache (the signed-in user's, as the app keeps it) holds this
 * query (with `prefix`, any query whose key starts with these parts). Answers false when the
 * database cannot be read within 2 s, so a poll asks again instead of waiting on one stuck request
 * for ever.
 */
export const savedOnDevice = (
  page: Page,
  queryKey: unknown[],
  { prefix = false }: { prefix?: boolean } = {},
): Promise<boolean> =>
  page.evaluate(
    ({ hash, dbName, keyPrefix, tokenKey, prefix }) =>
      new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(false), 2000);
        // The signed-in user: the access token's subject, as the app reads it.
        const payload = localStorage.getItem(tokenKey)?.split('.')[1];
        const sub = payload
          ? (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string }).sub
          : undefined;
        if (!sub) return resolve(false);
        const open = indexedDB.open(dbName);
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const request = db.transaction('kv').objectStore('kv').get(`${keyPrefix}${sub}`);
            request.onsuccess = () => {
              db.close();
              const row = request.result as { value: string } | undefined;
              if (!row) return resolve(false);
              const saved = JSON.parse(row.value) as { clientState: { queries: { queryHash: string }[] } };
              resolve(
                saved.clientState.queries.some((q) =>
                  prefix ? q.queryHash.startsWith(hash.slice(0, -1)) : q.queryHash === hash,
                ),
              );
            };
            request.onerror = () => {
              db.close();
              resolve(false);
            };
          } catch {
            // No 'kv' store yet: the app has not opened its database on this device.
            db.close();
            resolve(false);
          }
        };
      }),
    {
      hash: JSON.stringify(queryKey),
      dbName: LOCAL_DB_NAME,
      keyPrefix: queryCacheKey(''),
      tokenKey: ACCESS_TOKEN_KEY,
      prefix,
    },
  );

/**
 * Every row of a store of the device database (IndexedDB), read from a page of the app:
 * [] when the store does not exist yet; fails when the database cannot be read within 2 s (a
 * page.evaluate has no timeout of its own; expect.poll asks again after a failure).
 */
function readStore<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    ({ name, dbName }) =>
      new Promise<T[]>((resolve, reject) => {
        setTimeout(() => reject(new Error(`the device database did not answer within 2 s (${name})`)), 2000);
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error ?? new Error('the device database did not open'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            // The app has not made this store on this device yet: nothing in it.
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => {
            db.close();
            reject(request.error ?? new Error(`${name} could not be read`));
          };
        };
      }),
    { name: store, dbName: LOCAL_DB_NAME },
  );
}

/** An outbox item as the device keeps it (the fields the tests read). */
export interface DeviceOutboxItem {
  key: string;
  kind: string;
  owner: string | null;
  blocked: boolean;
  payload: unknown;
}

/** A recording kept on the device until the server confirmed it (the fields the tests read). */
export interface DeviceRecording {
  clientId: string;
  examId: number;
  ownerId: string | null;
  status: string;
  /** Seconds recorded so far. */
  duration: number;
  interrupted?: boolean;
}

/** The outbox as the device database holds it. */
export const deviceOutbox = (page: Page) => readStore<DeviceOutboxItem>(page, 'outbox');

/**
 * The number of items in the device's outbox, progress reports aside (the exam day's best-effort
 * reports wait there too; a later one of a recording makes the earlier needless when sending).
 */
export const outboxCount = async (page: Page) =>
  (await deviceOutbox(page)).filter((item) => item.kind !== 'progress').length;

/** The recordings kept on the device (in progress, or finished and not yet confirmed). */
export const deviceRecordings = (page: Page) => readStore<DeviceRecording>(page, 'recordings');

/**
 * Whether any saved query cache on the device (every query cache row of kv, whoever's it is, and
 * the unattributed one of older versions) mentions `text`: what a later cold start could show.
 */
export async function savedCacheMentions(page: Page, text: string): Promise<boolean> {
  const rows = await readStore<{ key: string; value: unknown }>(page, 'kv');
  return rows.some(
    (row) =>
      (row.key === UNATTRIBUTED_KEY || row.key.startsWith(queryCacheKey(''))) &&
      (typeof row.value === 'string' ? row.value : JSON.stringify(row.value)).includes(text),
  );
}

/**
 * From the next document on, every page of the context notes whether `text` was ever on screen
 * (a MutationObserver), so a test can say a message never showed, not only that it is gone now.
 */
export async function watchForText(context: BrowserContext, text: string): Promise<void> {
  await context.addInitScript((watched) => {
    const seen = ((window as unknown as { __e2eSeen?: string[] }).__e2eSeen ??= []);
    const look = () => {
      if (!seen.includes(watched) && document.body?.textContent?.includes(watched)) seen.push(watched);
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  }, text);
}

/** Whether `text` was ever on screen in this document (see `watchForText`). */
export const textWasSeen = (page: Page, text: string): Promise<boolean> =>
  page.evaluate((watched) => {
    const seen = (window as unknown as { __e2eSeen?: string[] }).__e2eSeen;
    if (!seen) throw new Error('watchForText was not set up before this page loaded');
    return seen.includes(watched);
  }, text);

/**
 * A tab left in the background comes back to the front `ms` later (its clock moved, not waited
 * for): the page is told it is visible and focused again, as the browser tells it.
 */
export async function comeBackLater(page: Page, ms: number): Promise<void> {
  await page.bringToFront();
  await moveClock(page, ms);
  await page.evaluate(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(new Event('focus'));
  });
}

/**
 * Where the browser says a response came from (`Network.responseReceived`): `cache` when it read
 * it from the worker's cache by the worker's static route (sw/sw.ts) without running the worker,
 * `fetch-event` when the worker's script answered it, else `network`.
 */
function responseSource(response: {
  fromServiceWorker?: boolean;
  serviceWorkerRouterInfo?: { actualSourceType?: string };
}): string {
  const routed = response.serviceWorkerRouterInfo?.actualSourceType;
  if (routed) return routed;
  return response.fromServiceWorker ? 'fetch-event' : 'network';
}

/** A response the page received: the path it was for and where it came from (`responseSource`). */
export interface ReceivedResponse {
  pathname: string;
  source: string;
}

/**
 * From now on, every response of the page of `cdp` (whose Network domain must be enabled), in
 * the order they came; the list returned fills as they do.
 */
export function watchResponseSources(cdp: CDPSession): ReceivedResponse[] {
  const received: ReceivedResponse[] = [];
  cdp.on('Network.responseReceived', ({ response }) => {
    received.push({ pathname: new URL(response.url).pathname, source: responseSource(response) });
  });
  return received;
}
