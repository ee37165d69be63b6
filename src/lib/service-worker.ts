import { Workbox } from 'workbox-window';

/**
 * Registers the service worker; when a new version is waiting, `onUpdate` gets a function that
 * activates it and reloads.
 */
export function registerServiceWorker(onUpdate: (activate: () => void) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register();
}
