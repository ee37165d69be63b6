import { ACCESS_TOKEN_KEY, tokenStore } from '@/lib/tokens';

/**
 * Starts the outbox (Dexie, the contracts, every kind's upload code) once someone is signed in on
 * this device: at once when a session is kept, else at this tab's login or another tab's. A
 * visitor of the public pages never loads it; unsent work waits on the device for its owner.
 */
export function startSyncWhenSignedIn(): void {
  let started = false;
  const stops: Array<() => void> = [];
  const start = () => {
    if (started || !tokenStore.hasSession()) return;
    started = true;
    for (const stop of stops) stop();
    void import('@/app/sync').then((m) => m.startSync());
  };
  start();
  if (started) return;
  stops.push(tokenStore.onSet(start));
  // Another tab signed in: the token is in the shared localStorage.
  const onStorage = (e: StorageEvent) => {
    if (e.key === ACCESS_TOKEN_KEY) start();
  };
  window.addEventListener('storage', onStorage);
  stops.push(() => window.removeEventListener('storage', onStorage));
}
