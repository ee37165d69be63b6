/** The service worker's cache of media (task files, recordings), kept by file path. */
export const MEDIA_CACHE = 'ustno-media';

/**
 * Forgets the cached media of whoever used the device before (a shared classroom device): the
 * worker serves them by path, to anyone.
 */
export async function clearMediaCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(MEDIA_CACHE);
  } catch (error) {
    console.warn('media cache not cleared', error);
  }
}
