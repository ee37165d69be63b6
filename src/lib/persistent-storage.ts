/**
 * Asks the browser to keep this site's data under storage pressure (recordings, grades and
 * comments wait on the device); answers whether it will, or null where the browser cannot say.
 */
export async function requestPersistentStorage(
  storage: Pick<StorageManager, 'persisted' | 'persist'> | undefined = typeof navigator !== 'undefined'
    ? navigator.storage
    : undefined,
): Promise<boolean | null> {
  if (!storage?.persisted || !storage.persist) return null;
  if (await storage.persisted()) return true;
  return storage.persist();
}
