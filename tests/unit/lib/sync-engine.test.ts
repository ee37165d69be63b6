// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from '../../../src/lib/local-db';
import { type OutboxItem, SyncEngine } from '../../../src/lib/sync-engine';
import { UploadError } from '../../../src/lib/upload';

let db: LocalDb;
let clock = 1_000;
const now = () => clock;

/** The engine's own kinds in these tests: one, carrying a number. */
interface TestPayloads {
  test: { n: number };
}
type TestItem = OutboxItem<'test', TestPayloads>;

function engineWith(handler: (item: TestItem) => Promise<void>) {
  return new SyncEngine<TestPayloads>({ db, handlers: { test: handler }, now, backoff: () => 1_000 });
}

const item = (n: number) => ({
  key: `test:${n}`,
  kind: 'test' as const,
  payload: { n },
  label: `запись ${n}`,
});

beforeEach(async () => {
  db = new LocalDb(`test-${Math.random()}`);
  await db.open();
  clock = 1_000;
});
afterEach(async () => {
  await db.delete();
});

describe('sync engine', () => {
  it('sends items oldest first and removes each only after it was confirmed', async () => {
    const sent: number[] = [];
    const engine = engineWith(async (i) => {
      expect(await db.outbox.get(i.id as number)).toBeDefined();
      sent.push(i.payload.n);
    });
    await engine.enqueue(item(1));
    await engine.enqueue(item(2));
    await engine.kick();
    expect(sent).toEqual([1, 2]);
    expect(await db.outbox.count()).toBe(0);
    expect(engine.getSnapshot()).toMatchObject({ pending: 0, current: null });
    engine.stop();
  });

  it('does not queue the same key twice', async () => {
    const engine = engineWith(() => Promise.reject(new UploadError(undefined, null)));
    await engine.enqueue(item(1));
    await engine.enqueue(item(1));
    await engine.kick();
    expect(await db.outbox.count()).toBe(1);
    engine.stop();
  });

  it('keeps an item that got no answer, backs off, and delivers it exactly once later', async () => {
    let online = false;
    let deliveries = 0;
    const engine = engineWith(async () => {
      if (!online) throw new UploadError(undefined, null);
      deliveries += 1;
    });
    await engine.enqueue(item(1));
    await engine.kick();
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ attempts: 1, nextAttemptAt: 2_000, blocked: false });
    expect(engine.getSnapshot().pending).toBe(1);
    expect(engine.getSnapshot().nextRetryAt).toBe(2_000);

    online = true;
    await engine.kick(); // not due yet: nothing is sent
    expect(deliveries).toBe(0);
    clock = 2_000;
    await engine.kick();
    await engine.kick();
    expect(deliveries).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    engine.stop();
  });

  it('sends at once when the network returns, without waiting for the backoff', async () => {
    let online = false;
    let deliveries = 0;
    const engine = engineWith(async () => {
      if (!online) throw new UploadError(undefined, null);
      deliveries += 1;
    });
    await engine.enqueue(item(1));
    await engine.kick();
    expect(deliveries).toBe(0);
    online = true;
    await engine.networkReturned();
    expect(deliveries).toBe(1);
    expect(engine.getSnapshot().pending).toBe(0);
    engine.stop();
  });

  it('holds later items behind a failing older one, so order is kept', async () => {
    const sent: number[] = [];
    const engine = engineWith(async (i) => {
      const n = i.payload.n;
      if (n === 1 && clock < 5_000) throw new UploadError(503, null);
      sent.push(n);
    });
    await engine.enqueue(item(1));
    await engine.enqueue(item(2));
    await engine.kick();
    expect(sent).toEqual([]);
    clock = 5_000;
    await engine.kick();
    expect(sent).toEqual([1, 2]);
    engine.stop();
  });

  it('pauses on an expired session without dropping anything, and resumes after login', async () => {
    let loggedIn = false;
    const engine = engineWith(async () => {
      if (!loggedIn) throw new UploadError(401, { message: 'Сессия истекла, войдите снова' });
    });
    await engine.enqueue(item(1));
    await engine.kick();
    expect(engine.getSnapshot()).toMatchObject({ needsLogin: true, pending: 1 });
    await engine.kick();
    expect(await db.outbox.count()).toBe(1);
    loggedIn = true;
    engine.resume();
    await engine.kick();
    expect(engine.getSnapshot()).toMatchObject({ needsLogin: false, pending: 0 });
    engine.stop();
  });

  it('keeps an item the server refused for good as blocked, and lets the others through', async () => {
    const sent: number[] = [];
    const engine = engineWith(async (i) => {
      const n = i.payload.n;
      if (n === 1) throw new UploadError(415, { message: 'Неподдерживаемый тип содержимого' });
      sent.push(n);
    });
    await engine.enqueue(item(1));
    await engine.enqueue(item(2));
    await engine.kick();
    expect(sent).toEqual([2]);
    const [blocked] = await db.outbox.toArray();
    expect(blocked).toMatchObject({ blocked: true, lastError: 'Неподдерживаемый тип содержимого' });
    expect(engine.getSnapshot()).toMatchObject({ pending: 1, blocked: 1 });
    engine.stop();
  });

  it("sends an item only while its owner is signed in, without holding the signed-in user's", async () => {
    let signedIn: string | null = 'anna';
    const sent: string[] = [];
    const engine = new SyncEngine<TestPayloads>({
      db,
      now,
      backoff: () => 1_000,
      currentOwner: () => signedIn,
      handlers: { test: async (i) => void sent.push(`${i.owner}:${i.payload.n}`) },
    });
    signedIn = null;
    await engine.enqueue({ ...item(1), owner: 'anna' });
    await engine.kick();
    expect(sent).toEqual([]);
    signedIn = 'boris';
    await engine.enqueue(item(2));
    await engine.kick();
    expect(sent).toEqual(['boris:2']);
    expect(engine.getSnapshot().pending).toBe(1);
    signedIn = 'anna';
    await engine.kick();
    expect(sent).toEqual(['boris:2', 'anna:1']);
    engine.stop();
  });

  it('reports upload progress of the current item', async () => {
    const seen: Array<number | null> = [];
    const engine = engineWith(async () => undefined);
    engine.register('test', async (_i, onProgress) => {
      onProgress(0.5);
      seen.push(engine.getSnapshot().current?.progress ?? null);
    });
    await engine.enqueue(item(1));
    await engine.kick();
    expect(seen).toEqual([0.5]);
    engine.stop();
  });
});
