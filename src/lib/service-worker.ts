import { Workbox } from 'workbox-window';
import { whenNoRecordingInProgress } from './recording-lock';

/**
 * Registers the service worker; when a new version is waiting, `onUpdate` gets a function that
 * activates it and reloads. It activates only once no tab records: taking over reloads the app.
 */
export function registerServiceWorker(onUpdate: (activate: () => Promise<void>) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    onUpdate(async () => {
      await whenNoRecordingInProgress();
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register();
}
