import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '@/lib/local-db';
import { QUERY_CACHE_SCHEMA, queryCacheRestored, queryClient, startQueryCache } from '@/lib/query-client';

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

const token = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
const save = (key: string, name: string) => {
  const saved = snapshot(QUERY_CACHE_SCHEMA);
  (saved.clientState.queries[0].state.data as { name: string }).name = name;
  return localDb.kv.put({ key, value: JSON.stringify(saved) });
};

beforeEach(() => {
  localStorage.setItem('access_token', token('7'));
});
afterEach(async () => {
  onlineManager.setOnline(true);
  localStorage.clear();
  await localDb.kv.clear();
});

/** A cold start of the app in a fresh copy of its modules (the device database stays). */
async function coldStart() {
  vi.resetModules();
  const fresh = await import('@/lib/query-client');
  await fresh.startQueryCache({ leave: () => undefined });
  return fresh.queryClient.getQueryData<{ name: string }>(['student', 'exam', 1])?.name;
}

describe('the query cache at app start', () => {
  it('tells the query layer the browser is offline, restores the device copy, and only then lets loaders run', async () => {
    await localDb.kv.put({ key: 'query-cache:7', value: JSON.stringify(snapshot(QUERY_CACHE_SCHEMA)) });
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

  it("restores only the signed-in user's cache, and removes the one older versions kept for anybody", async () => {
    await save('query-cache', 'Чей-то экзамен');
    await save('query-cache:7', 'Экзамен ученика 7');
    await save('query-cache:8', 'Экзамен ученика 8');
    localStorage.setItem('access_token', token('8'));
    expect(await coldStart()).toBe('Экзамен ученика 8');
    expect(await localDb.kv.get('query-cache')).toBeUndefined();
  });

  it('restores nothing when nobody is signed in', async () => {
    await save('query-cache', 'Чей-то экзамен');
    await save('query-cache:7', 'Экзамен ученика 7');
    localStorage.clear();
    expect(await coldStart()).toBeUndefined();
    expect(await localDb.kv.get('query-cache')).toBeUndefined();
  });
});
