import {
  type EnsureQueryDataOptions,
  onlineManager,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/** Offline, and the data was never saved on this device: nothing to show until the network returns. */
export class OfflineError extends Error {
  constructor() {
    super('offline, and not saved on this device');
    this.name = 'OfflineError';
  }
}

/**
 * A route's data: the device's copy at once, else the server's. Offline with no copy it fails at
 * once: the query would wait for the network (offlineFirst pauses its retries), holding the
 * navigation on a blank screen or on the previous page.
 */
export function ensureData<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  client: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<TData> {
  if (!onlineManager.isOnline() && client.getQueryData(options.queryKey) === undefined) {
    return Promise.reject(new OfflineError());
  }
  return client.ensureQueryData(options);
}

/**
 * For loaders whose screen shows a failed load itself (a missing recording, say): every failure
 * goes to the screen but being offline with nothing saved, which the route's error shows.
 */
export function unlessOffline(error: unknown): undefined {
  if (error instanceof OfflineError) throw error;
  return undefined;
}
