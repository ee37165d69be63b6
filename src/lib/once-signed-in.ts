import { ACCESS_TOKEN_KEY, tokenStore } from './tokens';

/**
 * Calls `start` once, as soon as someone is signed in on this device: at once when a session is
 * kept, else at this tab's login or another tab's. What only a signed-in user needs (the outbox,
 * the toasts) waits for it, so a visitor of the public pages never loads it.
 */
export function onceSignedIn(start: () => void): void {
  let started = false;
  const stops: Array<() => void> = [];
  const begin = () => {
    if (started || !tokenStore.hasSession()) return;
    started = true;
    for (const stop of stops) stop();
    start();
  };
  begin();
  if (started) return;
  stops.push(tokenStore.onSet(begin));
  // Another tab signed in: the token is in the shared localStorage.
  const onStorage = (e: StorageEvent) => {
    if (e.key === ACCESS_TOKEN_KEY) begin();
  };
  window.addEventListener('storage', onStorage);
  stops.push(() => window.removeEventListener('storage', onStorage));
}
