// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalDb } from '@/lib/local-db';
import { type OutboxItem, SyncEngine } from '@/lib/sync-engine';
import { ApiError } from '@/lib/api-status';

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

const item = (n: number, group?: string) => ({
  key: `test:${n}`,
  kind: 'test' as const,
  payload: { n },
  label: `запись ${n}`,
  group,
});

beforeEach(async () => {
  db = new LocalDb(`test-${Math.random()}`);
  await db.open();
  clock = 1_000;
});
afterEach(async () => {
  vi.useRealTimers();
  await db.delete();
});

/** The engine's timers (stall, backoff) run on fake time; fake-indexeddb keeps its real setImmediate. */
const fakeTime = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

describe('sync engine', () => {
  it('a page opened after the service worker sent items is told of them once', async () => {
    const worker = engineWith(async () => undefined);
    const noted: Array<Promise<void>> = [];
    worker.onSent((sent) => noted.push(worker.noteSentByWorker(sent)));
    await worker.enqueue(item(1));
    await worker.enqueue(item(2));
    await worker.kick();
    await Promise.all(noted);
    worker.stop();

    const page = engineWith(async () => undefined);
    const told: number[] = [];
    page.onSent((sent) => told.push((sent.payload as { n: number }).n));
    await page.announceSentByWorker();
    await page.announceSentByWorker();
    expect(told.sort()).toEqual([1, 2]);
    page.stop();
  });

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
    const engine = engineWith(() => Promise.reject(new ApiError(undefined, null)));
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
      if (!online) throw new ApiError(undefined, null);
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
      if (!online) throw new ApiError(undefined, null);
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

  it('holds later items of the same group behind a failing older one, so order is kept', async () => {
    const sent: number[] = [];
    const engine = engineWith(async (i) => {
      const n = i.payload.n;
      if (n === 1 && clock < 5_000) throw new ApiError(503, null);
      sent.push(n);
    });
    await engine.enqueue(item(1, 'comments:7'));
    await engine.enqueue(item(2, 'comments:7'));
    await engine.kick();
    expect(sent).toEqual([]);
    clock = 5_000;
    await engine.kick();
    expect(sent).toEqual([1, 2]);
    engine.stop();
  });

  it('an item waiting in backoff does not hold unrelated items', async () => {
    const sent: number[] = [];
    const engine = engineWith(async (i) => {
      const n = i.payload.n;
      if (n === 1 && clock < 5_000) throw new ApiError(503, null);
      sent.push(n);
    });
    await engine.enqueue(item(1, 'comments:7'));
    await engine.enqueue(item(2, 'comments:7'));
    await engine.enqueue(item(3, 'comments:8'));
    await engine.enqueue(item(4));
    await engine.kick();
    expect(sent).toEqual([3, 4]);
    expect(engine.getSnapshot().nextRetryAt).toBe(2_000);
    clock = 5_000;
    await engine.kick();
    expect(sent).toEqual([3, 4, 1, 2]);
    engine.stop();
  });

  it('a send that stalls (no answer, no progress) is given up and the sender moves on', async () => {
    fakeTime();
    const sent: number[] = [];
    let hung = () => undefined as void;
    const hanging = new Promise<void>((r) => {
      hung = r;
    });
    const engine = new SyncEngine<TestPayloads>({
      db,
      now,
      backoff: () => 1_000,
      stallMs: 50,
      handlers: {
        // Item 1 hangs and even ignores its signal: the engine must not wait for it.
        test: async (i) => {
          if (i.payload.n === 1) {
            hung();
            await new Promise<void>(() => undefined);
          }
          sent.push(i.payload.n);
        },
      },
    });
    await engine.enqueue(item(1));
    await engine.enqueue(item(2));
    const drained = engine.kick();
    await hanging;
    await vi.advanceTimersByTimeAsync(49);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await drained;
    expect(sent).toEqual([2]);
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ key: 'test:1', attempts: 1, blocked: false });
    engine.stop();
  });

  it('progress keeps a slow send alive', async () => {
    fakeTime();
    let delivered = false;
    let began = () => undefined as void;
    const sending = new Promise<void>((r) => {
      began = r;
    });
    const engine = new SyncEngine<TestPayloads>({
      db,
      now,
      backoff: () => 1_000,
      stallMs: 60,
      handlers: {
        // 150 ms in all, more than the stall limit, with progress every 30 ms.
        test: async (_i, { onProgress }) => {
          began();
          for (let k = 1; k <= 5; k += 1) {
            await new Promise((r) => setTimeout(r, 30));
            onProgress(k / 5);
          }
          delivered = true;
        },
      },
    });
    await engine.enqueue(item(1));
    const drained = engine.kick();
    await sending;
    await vi.advanceTimersByTimeAsync(150);
    await drained;
    expect(delivered).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    engine.stop();
  });

  it('the network coming back cuts a send hanging on the dead link and sends again at once', async () => {
    let attempts = 0;
    let deliveries = 0;
    const signals: AbortSignal[] = [];
    const engine = engineWith((_i) => Promise.resolve());
    let attempted = () => undefined as void;
    engine.register('test', (_i, { signal }) => {
      attempts += 1;
      attempted();
      signals.push(signal);
      // The first attempt hangs on the dead connection until it is aborted.
      if (attempts === 1) {
        return new Promise<void>((_, reject) =>
          signal.addEventListener('abort', () => reject(new ApiError(undefined, null))),
        );
      }
      deliveries += 1;
      return Promise.resolve();
    });
    const firstAttempt = new Promise<void>((r) => {
      attempted = r;
    });
    await engine.enqueue(item(1));
    await firstAttempt;
    expect(attempts).toBe(1);
    await engine.networkReturned();
    await engine.kick();
    expect(signals[0]?.aborted).toBe(true);
    expect(deliveries).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    engine.stop();
  });

  it('pauses on an expired session without dropping anything, and resumes after login', async () => {
    let loggedIn = false;
    const engine = engineWith(async () => {
      if (!loggedIn) throw new ApiError(401, { message: 'Сессия истекла, войдите снова' });
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
      if (n === 1) throw new ApiError(415, { message: 'Неподдерживаемый тип содержимого' });
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

  it.each([400, 404, 409, 413, 415, 422])(
    "a %i stops retrying, says the server's reason at once and can be given up",
    async (status) => {
      const refusals: string[] = [];
      let calls = 0;
      const engine = engineWith(async (i) => {
        calls += 1;
        if (i.payload.n === 1) throw new ApiError(status, { message: 'Экзамен не назначен' });
      });
      engine.onRefused((refused, message) => refusals.push(`${refused.key}: ${message}`));
      await engine.enqueue(item(1, 'g'));
      await engine.enqueue(item(2, 'g'));
      await engine.kick();
      expect(refusals).toEqual(['test:1: Экзамен не назначен']);
      // The refused item does not hold the one behind it, even in its own group.
      expect(calls).toBe(2);
      clock = 1_000_000;
      await engine.networkReturned();
      await engine.kick();
      expect(calls).toBe(2);
      const refused = await engine.refused('test');
      expect(refused.map((r) => [r.key, r.lastError])).toEqual([['test:1', 'Экзамен не назначен']]);
      await engine.discard('test:1');
      expect(await db.outbox.count()).toBe(0);
      expect(engine.getSnapshot()).toMatchObject({ pending: 0, blocked: 0 });
      engine.stop();
    },
  );

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
    // Anna's item stays on the device, but Boris's badge counts only his own (none left).
    expect(await db.outbox.count()).toBe(1);
    expect(engine.getSnapshot().pending).toBe(0);
    signedIn = 'anna';
    await engine.kick();
    expect(sent).toEqual(['boris:2', 'anna:1']);
    engine.stop();
  });

  it('reports upload progress of the current item', async () => {
    const seen: Array<number | null> = [];
    const engine = engineWith(async () => undefined);
    engine.register('test', async (_i, { onProgress }) => {
      onProgress(0.5);
      seen.push(engine.getSnapshot().current?.progress ?? null);
    });
    await engine.enqueue(item(1));
    await engine.kick();
    expect(seen).toEqual([0.5]);
    engine.stop();
  });
});
