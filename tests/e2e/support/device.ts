import type { Page } from 'playwright-core';

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
    const late = new Promise<string>((resolve) =>
      setTimeout(
        () =>
          resolve(
            `the service worker did not control the page within ${ms} ms ` +
              `(controller: ${navigator.serviceWorker.controller?.state ?? 'none'})`,
          ),
        ms,
      ),
    );
    return Promise.race([controlled, late]);
  }, timeoutMs);
  if (missing) throw new Error(missing);
}

/**
 * Whether the device's saved query cache (IndexedDB 'ustno', kv 'query-cache') holds this query.
 * Answers false when the database cannot be read within 2 s, so a poll asks again instead of
 * waiting on one stuck request for ever.
 */
export const savedOnDevice = (page: Page, queryKey: unknown[]): Promise<boolean> =>
  page.evaluate(
    (hash) =>
      new Promise<boolean>((resolve) => {
        setTimeout(() => resolve(false), 2000);
        const open = indexedDB.open('ustno');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          try {
            const request = db.transaction('kv').objectStore('kv').get('query-cache');
            request.onsuccess = () => {
              db.close();
              const row = request.result as { value: string } | undefined;
              if (!row) return resolve(false);
              const saved = JSON.parse(row.value) as { clientState: { queries: { queryHash: string }[] } };
              resolve(saved.clientState.queries.some((q) => q.queryHash === hash));
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
    JSON.stringify(queryKey),
  );
