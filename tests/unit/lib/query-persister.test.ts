// @vitest-environment node
import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDb } from '@/lib/local-db';
import { createDexiePersister, keepAnswers, queryCacheKey } from '@/lib/query-persister';

let db: LocalDb;
/** Who is signed in, as the shared localStorage would say when the persister asks. */
let signedIn: string | null;
const snapshot = (n: number) =>
  ({ timestamp: n, buster: 'b', clientState: { queries: [], mutations: [] } }) as unknown as PersistedClient;
/** A persister whose cache holds this user's answers. */
const persisterOf = (owner: string | null, throttleMs = 60_000) => {
  const persister = createDexiePersister(db, { signedInUser: () => signedIn, throttleMs });
  persister.setOwner(owner);
  return persister;
};
const stored = async () => (await db.kv.toArray()).map((row) => [row.key, JSON.parse(row.value).timestamp]);

beforeEach(async () => {
  db = new LocalDb(`persist-${Math.random()}`);
  // Open before time is faked: every read then queues behind the writes started before it.
  await db.open();
  signedIn = '7';
  // The throttle's time is fake; fake-indexeddb keeps its real setImmediate.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await db.delete();
});

describe('query cache persister', () => {
  it('writes a change after a quiet spell on the next task, so a screen just shown is on the device', async () => {
    const persister = persisterOf('7');
    persister.persistClient(snapshot(1));
    persister.persistClient(snapshot(2));
    await vi.advanceTimersByTimeAsync(0);
    expect((await persister.restoreClient())?.timestamp).toBe(2);
  });

  it('coalesces changes coming faster than the throttle and writes only the latest', async () => {
    const persister = persisterOf('7', 300);
    persister.persistClient(snapshot(1));
    await vi.advanceTimersByTimeAsync(0);
    expect((await persister.restoreClient())?.timestamp).toBe(1);
    persister.persistClient(snapshot(2));
    persister.persistClient(snapshot(3));
    await vi.advanceTimersByTimeAsync(299);
    expect((await persister.restoreClient())?.timestamp).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await persister.restoreClient())?.timestamp).toBe(3);
  });

  it('writes at once when flushed, so a page closed right after still has it', async () => {
    const persister = persisterOf('7');
    persister.persistClient(snapshot(3));
    await persister.flush();
    expect((await persister.restoreClient())?.timestamp).toBe(3);
  });

  it('forgets the cache, including a save still waiting', async () => {
    const persister = persisterOf('7', 20);
    persister.persistClient(snapshot(4));
    await persister.flush();
    persister.persistClient(snapshot(5));
    await persister.removeClient();
    // Well past the throttle; a flush would write a save still waiting.
    await vi.advanceTimersByTimeAsync(100);
    await persister.flush();
    expect(await persister.restoreClient()).toBeUndefined();
  });
});

describe('whose query cache the device keeps', () => {
  it("keeps each user's cache under their own key", async () => {
    const persister = persisterOf('7');
    persister.persistClient(snapshot(1));
    await persister.flush();
    expect(await stored()).toEqual([[queryCacheKey('7'), 1]]);
    expect(queryCacheKey('7')).toBe('query-cache:7');
  });

  it("restores only the signed-in user's cache, and none when nobody is signed in", async () => {
    await db.kv.put({ key: queryCacheKey('7'), value: JSON.stringify(snapshot(7)) });
    await db.kv.put({ key: queryCacheKey('8'), value: JSON.stringify(snapshot(8)) });
    signedIn = '8';
    expect((await persisterOf('8').restoreClient())?.timestamp).toBe(8);
    // A cache started for 7 restores nothing once 8 is the one signed in (another tab's login).
    expect(await persisterOf('7').restoreClient()).toBeUndefined();
    signedIn = null;
    expect(await persisterOf(null).restoreClient()).toBeUndefined();
  });

  it('never writes a cache whose user is no longer signed in, checked when the write happens', async () => {
    const persister = persisterOf('7', 20);
    persister.persistClient(snapshot(1));
    // Another tab logs 7 out and 8 in before this tab's save goes (localStorage is shared).
    signedIn = '8';
    await persister.flush();
    persister.persistClient(snapshot(2));
    await vi.advanceTimersByTimeAsync(100);
    signedIn = null;
    persister.persistClient(snapshot(3));
    await persister.flush();
    expect(await stored()).toEqual([]);
  });

  it('writes nothing for nobody, even while someone is signed in (the tab has not taken their cache)', async () => {
    const persister = persisterOf(null);
    persister.persistClient(snapshot(1));
    await persister.flush();
    expect(await stored()).toEqual([]);
  });

  it("drops a save waiting for the former user when the cache changes hands, and writes the new user's under theirs", async () => {
    const persister = persisterOf('7', 20);
    persister.persistClient(snapshot(1));
    signedIn = '8';
    persister.setOwner('8');
    await persister.flush();
    expect(await stored()).toEqual([]);
    persister.persistClient(snapshot(2));
    await persister.flush();
    expect(await stored()).toEqual([[queryCacheKey('8'), 2]]);
  });

  it("forgets every user's cache and the old unattributed one, and can remove only the unattributed one", async () => {
    await db.kv.put({ key: 'query-cache', value: JSON.stringify(snapshot(0)) });
    await db.kv.put({ key: queryCacheKey('7'), value: JSON.stringify(snapshot(7)) });
    await db.kv.put({ key: queryCacheKey('8'), value: JSON.stringify(snapshot(8)) });
    await db.kv.put({ key: 'sent-by-worker:x', value: JSON.stringify(snapshot(9)) });
    const persister = persisterOf('7');
    await persister.removeUnattributed();
    expect(await stored()).toEqual([
      [queryCacheKey('7'), 7],
      [queryCacheKey('8'), 8],
      ['sent-by-worker:x', 9],
    ]);
    persister.persistClient(snapshot(10));
    await persister.removeAll();
    // Past the save's next-task timer; a flush would write a save still waiting.
    await vi.advanceTimersByTimeAsync(100);
    await persister.flush();
    expect(await stored()).toEqual([['sent-by-worker:x', 9]]);
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
    const persister = persisterOf('7');
    persister.persistClient(client([query('seen', { status: 'error', data: 7 })]));
    await persister.flush();
    const restored = await persister.restoreClient();
    expect(restored?.clientState.queries.map((q) => [q.state.status, q.state.data])).toEqual([
      ['success', 7],
    ]);
  });
});
