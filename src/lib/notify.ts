import type { closeSnackbar, enqueueSnackbar } from 'notistack';
import { useSyncExternalStore } from 'react';

/** What the toast host (src/app/toast-host.tsx) lends once it is on screen. */
export interface ToastApi {
  enqueueSnackbar: typeof enqueueSnackbar;
  closeSnackbar: typeof closeSnackbar;
}

let lend: (api: ToastApi) => void = () => undefined;

const toastApi = new Promise<ToastApi>((resolve) => {
  lend = resolve;
});

let wanted = false;
const wantedListeners = new Set<() => void>();

/**
 * The toasts, once their host is mounted. The host and notistack load with the first toast asked
 * for (the landing page shows none), which waits for them.
 */
export function whenToasts(): Promise<ToastApi> {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  return toastApi;
}

/** Whether a toast was asked for: the app mounts the toast host from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      wantedListeners.add(listener);
      return () => wantedListeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the toast host when it is on screen. */
export const toastHostReady = (api: ToastApi): void => lend(api);

const show = (text: string, variant: 'success' | 'error' | 'info') =>
  void whenToasts().then((t) => t.enqueueSnackbar(text, { variant }));

const NOTIFY = {
  success: (text: string) => show(text, 'success'),
  error: (text: string) => show(text, 'error'),
  info: (text: string) => show(text, 'info'),
  /**
   * An API error goes through the error catalogue (src/lib/api-errors.ts), loaded with the first
   * error: it brings the API client and the contracts, which a visitor's landing page does without.
   */
  apiError: (error: unknown) =>
    void import('./api-errors').then(({ errorTexts }) => {
      for (const text of errorTexts(error)) show(text, 'error');
    }),
};

/** Success and error toasts, for code outside components. */
export const notify = NOTIFY;

/** Success and error toasts. */
export const useNotify = () => NOTIFY;
