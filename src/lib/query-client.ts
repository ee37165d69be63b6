import { onlineManager, QueryClient } from '@tanstack/react-query';
import {
  type PersistedQueryClientSaveOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { errorStatus } from './api-status';
import { createDexiePersister } from './query-persister';

const DAY = 24 * 60 * 60 * 1000;
export const QUERY_CACHE_MAX_AGE = 30 * DAY;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Show what was last seen (from the persisted cache), then refresh when possible.
        networkMode: 'offlineFirst',
        staleTime: 15_000,
        // Never collected in memory; the persister's maxAge bounds what is kept. (A 30-day gcTime
        // overflows setTimeout's 2^31-1 ms and fires at once, dropping every unobserved query,
        // such as a route loader's, the moment it arrives.)
        gcTime: Infinity,
        retry: (count, error) => {
          const status = errorStatus(error);
          return (status === undefined || status >= 500) && count < 2;
        },
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** The query cache kept in Dexie, so every screen opens with its last data, offline too. */
export const queryPersister = createDexiePersister(() => import('./local-db').then((m) => m.localDb));

/**
 * The shape of the cached answers. Bump it only when an answer's shape changes so that the app
 * cannot read what an older version cached: an app update must not throw away the exams a
 * student saved on the device for offline use.
 */
export const QUERY_CACHE_SCHEMA = 'contract-1';

const persistence: PersistedQueryClientSaveOptions = {
  queryClient,
  persister: queryPersister,
  buster: QUERY_CACHE_SCHEMA,
  // Whatever its status: an offline refresh that failed must not cost the data (keepAnswers).
  dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.data !== undefined },
};

let markRestored: () => void = () => undefined;

/** Resolves once the device's cache is in the query client (or found missing or unreadable). */
export const queryCacheRestored = new Promise<void>((resolve) => {
  markRestored = resolve;
});

/**
 * At app start: tells the query layer whether the browser is online (it assumes so until an
 * event says otherwise, and offline would then end every first fetch in error), restores the
 * device's cache, then saves every change. Route loaders wait for `queryCacheRestored`, so they
 * find the cached answers instead of fetching.
 */
export async function startQueryCache(): Promise<void> {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  try {
    await persistQueryClientRestore({ ...persistence, maxAge: QUERY_CACHE_MAX_AGE });
  } catch (error) {
    console.warn('query cache not restored', error);
  } finally {
    markRestored();
  }
  persistQueryClientSubscribe(persistence);
}

/** Saves the query cache now: what is on screen is on the device. */
export const flushQueryCache = (): Promise<void> => queryPersister.flush();

if (typeof document !== 'undefined') {
  // A hidden page may be closed or frozen next, and a page being left is gone: keep what it has seen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushQueryCache();
  });
  window.addEventListener('pagehide', () => void flushQueryCache());
}

/** Forgets every cached answer (another user may log in next on this device). */
export async function clearQueryCache(): Promise<void> {
  // A restore still under way would bring the old answers back after the clear.
  await queryCacheRestored;
  queryClient.clear();
  await queryPersister.removeClient();
}
