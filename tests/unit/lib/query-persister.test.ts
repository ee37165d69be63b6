// @vitest-environment node
import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from '../../../src/lib/local-db';
import { createDexiePersister, keepAnswers } from '../../../src/lib/query-persister';

let db: LocalDb;
const snapshot = (n: number) =>
  ({ timestamp: n, buster: 'b', clientState: { queries: [], mutations: [] } }) as unknown as PersistedClient;

beforeEach(() => {
  db = new LocalDb(`persist-${Math.random()}`);
});
afterEach(async () => {
  await db.delete();
});

describe('query cache persister', () => {
  it('writes a change after a quiet spell on the next task, so a screen just shown is on the device', async () => {
    const persister = createDexiePersister(db, 'k', 60_000);
    persister.persistClient(snapshot(1));
    persister.persistClient(snapshot(2));
    await expect.poll(async () => (await persister.restoreClient())?.timestamp, { timeout: 1000 }).toBe(2);
  });

  it('coalesces changes coming faster than the throttle and writes only the latest', async () => {
    const persister = createDexiePersister(db, 'k', 300);
    persister.persistClient(snapshot(1));
    await expect.poll(async () => (await persister.restoreClient())?.timestamp, { timeout: 1000 }).toBe(1);
    persister.persistClient(snapshot(2));
    persister.persistClient(snapshot(3));
    await new Promise((r) => setTimeout(r, 50));
    expect((await persister.restoreClient())?.timestamp).toBe(1);
    await expect.poll(async () => (await persister.restoreClient())?.timestamp, { timeout: 2000 }).toBe(3);
  });

  it('writes at once when flushed, so a page closed right after still has it', async () => {
    const persister = createDexiePersister(db, 'k', 60_000);
    persister.persistClient(snapshot(3));
    await persister.flush();
    expect((await persister.restoreClient())?.timestamp).toBe(3);
  });

  it('forgets the cache, including a save still waiting', async () => {
    const persister = createDexiePersister(db, 'k', 20);
    persister.persistClient(snapshot(4));
    await persister.flush();
    persister.persistClient(snapshot(5));
    await persister.removeClient();
    await new Promise((r) => setTimeout(r, 50));
    expect(await persister.restoreClient()).toBeUndefined();
  });
});

describe('what the device keeps of the query cache', () => {
  const query = (key: string, state: Record<string, unknown>) => ({
    queryKey: [key],
    queryHash: `["${key}"]`,
    state: { dataUpdatedAt: 1, error: null, fetchFailureReason: null, fetchStatus: 'idle', ...state },
  });
  const client = (queries: unknown[]) =>
    ({ timestamp: 1, buster: 'b', clientState: { queries, mutations: [] } }) as unknown as PersistedClient;

  it('keeps a query whose offline refresh failed, with its data, as a success', () => {
    const kept = keepAnswers(
      client([
        query('seen', { status: 'error', data: { name: 'Экзамен' }, error: new Error('offline') }),
        query('fresh', { status: 'success', data: 1 }),
      ]),
    );
    expect(
      kept.clientState.queries.map((q) => [q.queryKey[0], q.state.status, q.state.data, q.state.error]),
    ).toEqual([
      ['seen', 'success', { name: 'Экзамен' }, null],
      ['fresh', 'success', 1, null],
    ]);
  });

  it('drops what holds no data (a first fetch that never succeeded)', () => {
    const kept = keepAnswers(client([query('never', { status: 'error', data: undefined })]));
    expect(kept.clientState.queries).toEqual([]);
  });

  it('stores the kept snapshot, so a second offline start still finds the data', async () => {
    const persister = createDexiePersister(db, 'k', 60_000);
    persister.persistClient(client([query('seen', { status: 'error', data: 7 })]));
    await persister.flush();
    const restored = await persister.restoreClient();
    expect(restored?.clientState.queries.map((q) => [q.state.status, q.state.data])).toEqual([
      ['success', 7],
    ]);
  });
});
