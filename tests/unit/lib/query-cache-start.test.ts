import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { localDb } from '../../../src/lib/local-db';
import {
  QUERY_CACHE_SCHEMA,
  queryCacheRestored,
  queryClient,
  startQueryCache,
} from '../../../src/lib/query-client';

const snapshot = (buster: string) => ({
  buster,
  timestamp: Date.now(),
  clientState: {
    mutations: [],
    queries: [
      {
        queryKey: ['student', 'exam', 1],
        queryHash: '["student","exam",1]',
        state: {
          status: 'success',
          data: { id: 1, name: 'Экзамен на устройстве' },
          dataUpdatedAt: Date.now() - 60_000,
          dataUpdateCount: 1,
          error: null,
          errorUpdatedAt: 0,
          errorUpdateCount: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          fetchStatus: 'idle',
        },
      },
    ],
  },
});

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('the query cache at app start', () => {
  it('tells the query layer the browser is offline, restores the device copy, and only then lets loaders run', async () => {
    await localDb.kv.put({ key: 'query-cache', value: JSON.stringify(snapshot(QUERY_CACHE_SCHEMA)) });
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    let restoredFirst = false;
    const gate = queryCacheRestored.then(() => {
      restoredFirst = queryClient.getQueryData(['student', 'exam', 1]) !== undefined;
    });
    await startQueryCache();
    await gate;
    expect(onlineManager.isOnline()).toBe(false);
    expect(restoredFirst).toBe(true);
    expect(queryClient.getQueryData(['student', 'exam', 1])).toEqual({
      id: 1,
      name: 'Экзамен на устройстве',
    });
    // A loader finds it at once, offline, without waiting for a refetch.
    await expect(
      queryClient.ensureQueryData({
        queryKey: ['student', 'exam', 1],
        queryFn: () => new Promise(() => undefined),
      }),
    ).resolves.toEqual({ id: 1, name: 'Экзамен на устройстве' });
  });
});
