// @vitest-environment node
import 'fake-indexeddb/auto';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from '../../../src/lib/local-db';
import { createDexiePersister } from '../../../src/lib/query-persister';

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
  it('coalesces saves and writes only the latest snapshot', async () => {
    const persister = createDexiePersister(db, 'k', 30);
    persister.persistClient(snapshot(1));
    persister.persistClient(snapshot(2));
    expect(await db.kv.get('k')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 80));
    expect((await persister.restoreClient())?.timestamp).toBe(2);
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
