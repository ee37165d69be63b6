// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type SessionSource, setSessionSource } from '@/lib/api-client';
import { LocalDb } from '@/lib/local-db';
import { type OutboxItem, SyncEngine } from '@/lib/sync-engine';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../helpers/http-server';

// The sync protocol where people and tabs disagree (DESIGN.md §8): every request of a send goes
// under its owner's session and stops with the engine's signal; final refusals are final,
// temporary ones wait as long as the server says.

let server: TestHttpServer;
let restoreFetch: () => void;
let db: LocalDb;
let clock = 1_000;
const now = () => clock;

/** An access token as the server signs it; only its subject matters here. */
const accessFor = (sub: string) =>
  `h.${Buffer.from(JSON.stringify({ sub, role: 'STUDENT' })).toString('base64url')}.s`;

/** Who the device's session belongs to now (a login in another tab changes it under a send). */
let signedIn: string | null = 'anna';
const session: SessionSource = {
  accessToken: () => (signedIn ? accessFor(signedIn) : null),
  canRefresh: () => false,
  refresh: async () => undefined,
};

interface TestPayloads {
  upload: { parts: number };
}
type UploadItem = OutboxItem<'upload', TestPayloads>;

function engineWith(
  send: (item: UploadItem, scope: { signal: AbortSignal; asUser: string | null }) => Promise<unknown>,
) {
  return new SyncEngine<TestPayloads>({
    db,
    now,
    backoff: () => 1_000,
    currentOwner: () => signedIn,
    handlers: { upload: (item, { scope }) => send(item, scope) },
  });
}

const upload = (n: number, owner: string | null = 'anna') => ({
  key: `upload:${n}`,
  kind: 'upload' as const,
  payload: { parts: n },
  label: `запись ${n}`,
  owner,
});

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  setSessionSource(session);
});

afterAll(async () => {
  restoreFetch();
  await server.close();
});

beforeEach(async () => {
  db = new LocalDb(`protocol-${Math.random()}`);
  await db.open();
  clock = 1_000;
  signedIn = 'anna';
  server.seen.length = 0;
});

afterEach(async () => {
  await db.delete();
});

describe('an item goes only under its owner’s session', () => {
  it('a part after another user signed in mid-send is never sent under their token; the item waits for its owner', async () => {
    server.handle(() => ({ status: 200, body: {}, delayMs: 30 }));
    let switched = false;
    const engine = engineWith(async (item, scope) => {
      for (let part = 0; part < item.payload.parts; part += 1) {
        await api(`/api/student/uploads/x/parts/${part}`, { ...scope, method: 'PUT', body: 'bytes' });
        // Anna logs out and Boris logs in while her upload is under way (once).
        if (!switched) {
          switched = true;
          signedIn = 'boris';
        }
      }
    });
    await engine.enqueue(upload(3));
    await engine.kick();
    expect(server.seen.map((r) => r.authorization)).toEqual([`Bearer ${accessFor('anna')}`]);
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ key: 'upload:3', owner: 'anna', blocked: false, attempts: 0 });

    signedIn = 'anna';
    server.seen.length = 0;
    await engine.kick();
    expect(server.seen.map((r) => r.authorization)).toEqual(Array(3).fill(`Bearer ${accessFor('anna')}`));
    expect(await db.outbox.count()).toBe(0);
    engine.stop();
  });

  it('abortAndWait cuts the send in flight, resolves once it stopped, and nothing starts meanwhile', async () => {
    server.handle(() => ({ status: 200, body: {}, delayMs: 5_000 }));
    const started: number[] = [];
    let stopped = false;
    const engine = engineWith(async (item, scope) => {
      started.push(item.payload.parts);
      try {
        await api('/api/slow', { ...scope, method: 'PUT', body: 'x' });
      } finally {
        stopped = true;
      }
    });
    await engine.enqueue(upload(1));
    await expect.poll(() => server.seen.length).toBe(1);
    await engine.abortAndWait();
    expect(stopped).toBe(true);
    expect(started).toEqual([1]);
    expect(await db.outbox.count()).toBe(1);
    engine.stop();
  });
});

describe('one item is never sent twice at once', () => {
  it('the network coming back while a send ignores its signal does not start the item again until it stopped', async () => {
    let running = 0;
    let most = 0;
    let finishFirst = () => undefined as void;
    let attempts = 0;
    const engine = engineWith(async () => {
      attempts += 1;
      running += 1;
      most = Math.max(most, running);
      try {
        // The first attempt ignores its signal and ends only when the test lets it.
        if (attempts === 1) await new Promise<void>((r) => (finishFirst = r));
      } finally {
        running -= 1;
      }
    });
    await engine.enqueue(upload(1));
    await expect.poll(() => attempts).toBe(1);
    await engine.networkReturned();
    expect(attempts).toBe(1);
    finishFirst();
    await expect.poll(() => db.outbox.count()).toBe(0);
    expect(most).toBe(1);
    engine.stop();
  });
});

describe('final refusals are final, temporary ones temporary', () => {
  it('a 429 waits as long as its Retry-After says, and is not shown as refused', async () => {
    server.handle(() => ({
      status: 429,
      body: { message: 'Слишком много запросов' },
      headers: { 'retry-after': '120' },
    }));
    const engine = engineWith((_item, scope) => api('/api/x', { ...scope, method: 'POST', body: {} }));
    await engine.enqueue(upload(1));
    await engine.kick();
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ blocked: false, attempts: 1, nextAttemptAt: clock + 120_000 });
    engine.stop();
  });

  it("a 409 (a limit waiting will not clear) is refused for good with the server's reason", async () => {
    server.handle(() => ({ status: 409, body: { message: 'Лимит записей по экзамену исчерпан' } }));
    const refusals: string[] = [];
    const engine = engineWith((_item, scope) => api('/api/x', { ...scope, method: 'POST', body: {} }));
    engine.onRefused((_item, message) => refusals.push(message));
    await engine.enqueue(upload(1));
    await engine.kick();
    expect(refusals).toEqual(['Лимит записей по экзамену исчерпан']);
    expect(await engine.sendable()).toBe(0);
    engine.stop();
  });
});

describe('kinds', () => {
  it('a kind registered twice is refused at start', () => {
    const engine = engineWith(async () => undefined);
    const def = { kind: 'upload' as const, send: async () => undefined };
    const fresh = new SyncEngine<TestPayloads>({ db });
    fresh.registerKinds([def]);
    expect(() => fresh.registerKinds([def])).toThrow(/registered twice/);
    engine.stop();
  });
});

describe('work waiting on the device', () => {
  it("asks the browser to keep the site's storage as soon as anything is queued (a teacher's grade as much as an answer)", async () => {
    const asked: string[] = [];
    const storage = {
      persisted: async () => {
        asked.push('persisted');
        return false;
      },
      persist: async () => {
        asked.push('persist');
        return true;
      },
    };
    const hadNavigator = 'navigator' in globalThis;
    const before = (globalThis as { navigator?: unknown }).navigator;
    Object.defineProperty(globalThis, 'navigator', { value: { storage }, configurable: true });
    try {
      const engine = engineWith(async () => undefined);
      await engine.enqueue(upload(1));
      await expect.poll(() => asked).toEqual(['persisted', 'persist']);
      engine.stop();
    } finally {
      if (hadNavigator) Object.defineProperty(globalThis, 'navigator', { value: before, configurable: true });
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
