/** The longest `afterFirstScreen` waits (a screen that fails to draw must not keep what waits). */
export const FIRST_SCREEN_WAIT_MS = 3000;

/** The router's event of a drawn screen (TanStack Router's `subscribe`). */
export interface RenderedEvents {
  subscribe(event: 'onRendered', listener: () => void): () => void;
}

/**
 * Runs `start` once, when the router drew its next screen or after `waitMs`, whichever comes
 * first: work the screen does not need (the outbox's code) then does not take a slow link from the
 * screen being opened.
 */
export function afterFirstScreen(
  router: RenderedEvents,
  start: () => void,
  waitMs = FIRST_SCREEN_WAIT_MS,
): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    unsubscribe();
    clearTimeout(timer);
    start();
  };
  const unsubscribe = router.subscribe('onRendered', once);
  const timer = setTimeout(once, waitMs);
}
