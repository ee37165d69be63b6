import type { Page } from 'playwright-core';

/** Waits until the service worker controls the page: from then on the app shell opens offline. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

/** Whether the device's saved query cache (IndexedDB 'ustno', kv 'query-cache') holds this query. */
export const savedOnDevice = (page: Page, queryKey: unknown[]): Promise<boolean> =>
  page.evaluate(
    (hash) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open('ustno');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('kv').objectStore('kv').get('query-cache');
          request.onsuccess = () => {
            const row = request.result as { value: string } | undefined;
            open.result.close();
            if (!row) return resolve(false);
            const saved = JSON.parse(row.value) as { clientState: { queries: { queryHash: string }[] } };
            resolve(saved.clientState.queries.some((q) => q.queryHash === hash));
          };
          request.onerror = () => reject(request.error);
        };
      }),
    JSON.stringify(queryKey),
  );
