import { useEffect } from 'react';

/** How long a page's own requests go first before the whole file is fetched for later. */
const OFFLINE_MEDIA_DELAY_MS = 3000;

/**
 * Keeps a media file for offline use: fetched whole once, in the background, so the service
 * worker caches it by id (the player itself streams ranges, which are not cached). Only while a
 * service worker controls the page; leaving the page cancels the download.
 */
export function useOfflineMedia(url: string | undefined): void {
  useEffect(() => {
    if (!url || !navigator.onLine || !navigator.serviceWorker?.controller) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(url, { signal: controller.signal })
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
    }, OFFLINE_MEDIA_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);
}
