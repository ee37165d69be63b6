import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, tokenStore } from '@/lib/tokens';

const startSync = vi.fn();
vi.mock('@/app/sync', () => ({ startSync }));

const { startSyncWhenSignedIn } = await import('@/app/start-sync-when-signed-in');

/** The dynamic import resolves on a later task. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  startSync.mockClear();
});
afterEach(() => localStorage.clear());

describe('the outbox starts once someone is signed in', () => {
  it('at once when the device keeps a session', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a.b.c');
    startSyncWhenSignedIn();
    await settle();
    expect(startSync).toHaveBeenCalledTimes(1);
  });

  it("not for a visitor; then at this tab's login, once", async () => {
    startSyncWhenSignedIn();
    await settle();
    expect(startSync).not.toHaveBeenCalled();
    tokenStore.set({ access_token: 'a.b.c' });
    tokenStore.set({ access_token: 'd.e.f' });
    await settle();
    expect(startSync).toHaveBeenCalledTimes(1);
  });

  it("at another tab's login (the shared token appears)", async () => {
    startSyncWhenSignedIn();
    // An unrelated key changes nothing.
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    await settle();
    expect(startSync).not.toHaveBeenCalled();
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a.b.c');
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    await settle();
    expect(startSync).toHaveBeenCalledTimes(1);
    // Its listeners are gone: a later login of this tab does not start a second engine.
    tokenStore.set({ access_token: 'd.e.f' });
    await settle();
    expect(startSync).toHaveBeenCalledTimes(1);
  });
});
