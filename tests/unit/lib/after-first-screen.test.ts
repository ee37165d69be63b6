import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS, type RenderedEvents } from '@/lib/after-first-screen';

/** A router whose screens are drawn when the test says. */
function fakeRouter() {
  const listeners = new Set<() => void>();
  const router: RenderedEvents = {
    subscribe: (_event, listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { router, drawn: () => [...listeners].forEach((l) => l()), listening: () => listeners.size };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('starts once the next screen is drawn, once, and stops listening', () => {
  const { router, drawn, listening } = fakeRouter();
  const start = vi.fn();
  afterFirstScreen(router, start);
  expect(start).not.toHaveBeenCalled();
  drawn();
  expect(start).toHaveBeenCalledTimes(1);
  expect(listening()).toBe(0);
  drawn();
  vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS);
  expect(start).toHaveBeenCalledTimes(1);
});

it('starts after the longest wait when no screen is drawn', () => {
  const { router, listening } = fakeRouter();
  const start = vi.fn();
  afterFirstScreen(router, start);
  vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 1);
  expect(start).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(start).toHaveBeenCalledTimes(1);
  expect(listening()).toBe(0);
});
