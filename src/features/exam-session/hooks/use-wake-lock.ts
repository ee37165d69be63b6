import { useEffect } from 'react';

/**
 * Keeps the screen on while `active` (Screen Wake Lock, where the browser has it). The browser
 * drops the lock when the tab is hidden, so it is taken again when the tab is visible.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let done = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const next = await navigator.wakeLock.request('screen');
        if (done) void next.release();
        else sentinel = next;
      } catch {
        // Refused (battery saver, no user gesture yet): the exam goes on without it.
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      done = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
