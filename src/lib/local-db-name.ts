/** The device database's name (IndexedDB), one per origin; here so a check need not load Dexie. */
export const LOCAL_DB_NAME = 'ustno';

/**
 * Whether this device has the database already (false on a first visit), asked without opening
 * it; true where the browser cannot tell.
 */
export async function localDbExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((d) => d.name === LOCAL_DB_NAME);
  } catch {
    return true;
  }
}
