import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from './api-client';
import { localDb } from './local-db';
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
export const queryPersister = createDexiePersister(localDb);

/** Saves the query cache now: what is on screen is on the device. */
export const flushQueryCache = (): Promise<void> => queryPersister.flush();

if (typeof document !== 'undefined') {
  // A hidden page may be closed or frozen next: keep what it has seen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushQueryCache();
  });
}

/** Forgets every cached answer (another user may log in next on this device). */
export async function clearQueryCache(): Promise<void> {
  queryClient.clear();
  await queryPersister.removeClient();
}
