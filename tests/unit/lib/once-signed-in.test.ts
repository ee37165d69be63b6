import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onceSignedIn } from '@/lib/once-signed-in';
import { ACCESS_TOKEN_KEY, tokenStore } from '@/lib/tokens';

const start = vi.fn();

beforeEach(() => {
  localStorage.clear();
  start.mockClear();
});
afterEach(() => localStorage.clear());

describe('what waits for someone to be signed in', () => {
  it('starts at once when the device keeps a session', () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a.b.c');
    onceSignedIn(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("does not start for a visitor; then at this tab's login, once", () => {
    onceSignedIn(start);
    expect(start).not.toHaveBeenCalled();
    tokenStore.set({ access_token: 'a.b.c' });
    tokenStore.set({ access_token: 'd.e.f' });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("starts at another tab's login (the shared token appears)", () => {
    onceSignedIn(start);
    // An unrelated key changes nothing.
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(start).not.toHaveBeenCalled();
    localStorage.setItem(ACCESS_TOKEN_KEY, 'a.b.c');
    window.dispatchEvent(new StorageEvent('storage', { key: ACCESS_TOKEN_KEY }));
    expect(start).toHaveBeenCalledTimes(1);
    // Its listeners are gone: a later login of this tab does not start it twice.
    tokenStore.set({ access_token: 'd.e.f' });
    expect(start).toHaveBeenCalledTimes(1);
  });
});
