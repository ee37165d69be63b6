import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useWakeLock } from '@/features/exam-session/hooks/use-wake-lock';

/** The browser's screen wake lock: it drops every sentinel when the tab is hidden. */
class FakeWakeLock {
  held: Array<{ released: boolean; release: () => Promise<void> }> = [];
  /** What each request answered: the hook awaits it before it keeps the sentinel. */
  answers: Array<Promise<unknown>> = [];
  get requests() {
    return this.answers.length;
  }
  request() {
    const sentinel = {
      released: false,
      release: async () => {
        sentinel.released = true;
      },
    };
    this.held.push(sentinel);
    const answer = Promise.resolve(sentinel);
    this.answers.push(answer);
    return answer;
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

/** Every request answered, and seen by the hook (it awaited each answer before this does). */
const flush = () => act(() => Promise.all(wakeLock.answers).then(() => undefined));

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
