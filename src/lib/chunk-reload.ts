import { examFocus } from './exam-focus';

/** How soon a second reload for a missing chunk counts as a loop (the file is really gone). */
const RELOAD_LOOP_MS = 30_000;
const RELOADED_AT_KEY = 'ustno-chunk-reload-at';

/**
 * A lazily loaded part of the app that cannot be fetched: after an update the old version's
 * files are gone from the server and the worker's cache (Chromium, Firefox and Safari words).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      message,
    )
  );
}

let scheduled = false;

/**
 * Reloads into the new version once the tab is idle, never during an exam (it waits for its
 * end). Answers false when a reload a moment ago did not help: the caller shows the error.
 */
export function reloadWhenIdle(): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
  if (Date.now() - last < RELOAD_LOOP_MS) return false;
  if (scheduled) return true;
  scheduled = true;
  void examFocus.whenInactive().then(() => {
    const reload = () => {
      sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
      window.location.reload();
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(reload, { timeout: 3000 });
    else setTimeout(reload, 500);
  });
  return true;
}

/** Vite reports every failed dynamic import here (preloads on hover included). */
export function reloadOnChunkLoadErrors(): void {
  window.addEventListener('vite:preloadError', () => {
    reloadWhenIdle();
  });
}
