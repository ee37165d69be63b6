import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useWakeLock } from '@/features/exam-session/hooks/use-wake-lock';

/** The browser's screen wake lock: it drops every sentinel when the tab is hidden. */
class FakeWakeLock {
  held: Array<{ released: boolean; release: () => Promise<void> }> = [];
  requests = 0;
  async request() {
    this.requests += 1;
    const sentinel = {
      released: false,
      release: async () => {
        sentinel.released = true;
      },
    };
    this.held.push(sentinel);
    return sentinel;
  }
  get active() {
    return this.held.filter((s) => !s.released).length;
  }
  hide() {
    this.held.forEach((s) => (s.released = true));
  }
}

let wakeLock: FakeWakeLock;
let visibility: DocumentVisibilityState;

beforeEach(() => {
  wakeLock = new FakeWakeLock();
  visibility = 'visible';
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
  Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
});

const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('screen kept awake during the exam', () => {
  it('holds the lock while active, takes it again when the tab is shown again, and lets go after', async () => {
    const { rerender } = renderHook(({ active }) => useWakeLock(active), { initialProps: { active: false } });
    await flush();
    expect(wakeLock.requests).toBe(0);

    rerender({ active: true });
    await flush();
    expect(wakeLock.active).toBe(1);

    // Hidden, the browser drops it; shown again, it is taken again.
    visibility = 'hidden';
    wakeLock.hide();
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(wakeLock.active).toBe(0);
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(wakeLock.active).toBe(1);

    rerender({ active: false });
    await flush();
    expect(wakeLock.active).toBe(0);
  });
});
