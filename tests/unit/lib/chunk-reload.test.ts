import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const reload = vi.fn();

beforeEach(() => {
  vi.resetModules();
  reload.mockReset();
  sessionStorage.clear();
  Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
  Object.defineProperty(window, 'requestIdleCallback', {
    value: (fn: () => void) => setTimeout(fn, 0),
    configurable: true,
    writable: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const load = async () => ({
  ...(await import('@/lib/chunk-reload')),
  ...(await import('@/lib/exam-focus')),
});

describe('reload after a failed chunk load', () => {
  it('knows the browsers’ words for a missing lazily loaded file', async () => {
    const { isChunkLoadError } = await load();
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Не найдено'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads when idle, but never during an exam: it waits for its end', async () => {
    vi.useFakeTimers();
    const { reloadWhenIdle, examFocus } = await load();
    examFocus.set(true);
    expect(reloadWhenIdle()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reload).not.toHaveBeenCalled();
    examFocus.set(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not loop: a second failure right after a reload is shown instead', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('ustno-chunk-reload-at', String(Date.now() - 1000));
    const { reloadWhenIdle } = await load();
    expect(reloadWhenIdle()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).not.toHaveBeenCalled();
  });
});
