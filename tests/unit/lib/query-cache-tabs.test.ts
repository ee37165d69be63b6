import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '@/lib/local-db';

// Two tabs of one browser, each its own copy of the app's modules (vi.resetModules), sharing
// what tabs share: the device database (fake-indexeddb), localStorage (jsdom's, one per test
// file) and a BroadcastChannel name. Student A works in both tabs, logs out in the first, and
// B logs in there; the second tab still holds A's answers in memory.

const A = '11';
const B = '22';
const token = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
const A_EXAM = { id: 1, name: 'Экзамен ученика A' };

/** The server: logout answers 204, a login answers tokens for the user named. */
function server(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input instanceof Request ? input.url : input);
  if (url.endsWith('/api/auth/logout')) return Promise.resolve(new Response(null, { status: 204 }));
  if (url.endsWith('/api/auth/authenticate')) {
    const { username } = JSON.parse(String(init?.body)) as { username: string };
    const body = { access_token: token(username === 'b' ? B : A), role: 'STUDENT' };
    return Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );
  }
  return Promise.reject(new TypeError('offline'));
}

let channelName: string;
const opened: Array<{ close(): void }> = [];

async function openTab() {
  vi.resetModules();
  const channel = await import('@/lib/session-channel');
  const own = new BroadcastChannel(channelName);
  opened.push(own);
  channel.setSessionChannel(own);
  const cache = await import('@/lib/query-client');
  const { logout } = await import('@/features/auth/api/logout');
  const { authenticate } = await import('@/features/auth/api/authenticate');
  const leave = vi.fn();
  await cache.startQueryCache({ leave });
  return { ...cache, logout, authenticate, leave };
}

/** Every row of the device's key-value table that holds A's exam, whatever its key. */
async function aOnDevice(): Promise<string[]> {
  const rows = await localDb.kv.toArray();
  return rows.filter((r) => r.value.includes(A_EXAM.name)).map((r) => r.key);
}

beforeEach(() => {
  channelName = `session-${Math.random()}`;
  vi.stubGlobal('fetch', vi.fn(server));
  localStorage.clear();
  localStorage.setItem('access_token', token(A));
});
afterEach(async () => {
  opened.splice(0).forEach((c) => c.close());
  vi.unstubAllGlobals();
  await localDb.kv.clear();
});

describe('the query cache when users change on a shared device', () => {
  it("never lets a second tab write A's answers back after A logged out and B logged in", async () => {
    const first = await openTab();
    const second = await openTab();
    second.queryClient.setQueryData(['student', 'exam', 1], A_EXAM);
    await second.flushQueryCache();
    expect(await aOnDevice()).not.toEqual([]);

    await first.logout();
    await first.authenticate({ username: 'b', password: 'secret' });
    // The second tab comes to the front and something in it refreshes (B's token answers now).
    second.queryClient.setQueryData(['student', 'exams'], { items: [] });
    await second.flushQueryCache();
    // It hears of the change (it drops A's answers and leaves); a save it still had goes now.
    await vi.waitFor(() => expect(second.leave).toHaveBeenCalledTimes(1));
    await second.flushQueryCache();

    expect(await aOnDevice()).toEqual([]);
    // B's next cold start (offline) shows none of A's answers.
    const coldStart = await openTab();
    expect(coldStart.queryClient.getQueryData(['student', 'exam', 1])).toBeUndefined();
  });

  it("tells every tab at logout: the second drops A's answers, stops writing and leaves the page", async () => {
    const first = await openTab();
    const second = await openTab();
    second.queryClient.setQueryData(['student', 'exam', 1], A_EXAM);
    await first.logout();
    await vi.waitFor(() => expect(second.leave).toHaveBeenCalledTimes(1));
    expect(second.queryClient.getQueryData(['student', 'exam', 1])).toBeUndefined();
    expect(first.leave).not.toHaveBeenCalled();
  });

  it("a tab that learns of another login drops the former user's answers, even with no channel", async () => {
    const second = await openTab();
    second.queryClient.setQueryData(['student', 'exam', 1], A_EXAM);
    await second.flushQueryCache();
    // Another tab (on a browser without BroadcastChannel) signed B in: tokens are shared.
    localStorage.setItem('access_token', token(B));
    second.queryClient.setQueryData(['student', 'exams'], { items: [] });
    await second.flushQueryCache();
    expect((await localDb.kv.get(`query-cache:${B}`))?.value ?? '').not.toContain(A_EXAM.name);
    // It comes to the front: what it shows is not B's, so it goes.
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(second.leave).toHaveBeenCalledTimes(1);
    expect(second.queryClient.getQueryData(['student', 'exam', 1])).toBeUndefined();
  });

  it("a tab that held nobody's answers takes the new user's session as its own and keeps saving", async () => {
    localStorage.clear();
    const first = await openTab();
    const landing = await openTab();
    await first.authenticate({ username: 'b', password: 'secret' });
    // It heard of the login: its (empty) cache is B's now.
    await vi.waitFor(() => expect(landing.queryPersister.owner()).toBe(B));
    expect(landing.leave).not.toHaveBeenCalled();
    landing.queryClient.setQueryData(['student', 'exams'], { items: ['B'] });
    await landing.flushQueryCache();
    expect((await localDb.kv.get(`query-cache:${B}`))?.value).toContain('"B"');
  });

  it('keeps a running exam on screen: the answers go only once the exam has ended', async () => {
    const first = await openTab();
    const second = await openTab();
    const { examFocus } = await import('@/lib/exam-focus');
    second.queryClient.setQueryData(['student', 'exam', 1], A_EXAM);
    examFocus.set(true);
    await first.logout();
    // It heard of the logout: it writes nothing more, but waits for the exam to end.
    await vi.waitFor(() => expect(second.queryPersister.owner()).toBeNull());
    expect(second.leave).not.toHaveBeenCalled();
    expect(second.queryClient.getQueryData(['student', 'exam', 1])).toEqual(A_EXAM);
    second.queryClient.setQueryData(['student', 'exam', 2], A_EXAM);
    await second.flushQueryCache();
    expect(await aOnDevice()).toEqual([]);
    examFocus.set(false);
    await vi.waitFor(() => expect(second.leave).toHaveBeenCalledTimes(1));
    expect(second.queryClient.getQueryData(['student', 'exam', 1])).toBeUndefined();
  });
});
