import type { closeSnackbar, enqueueSnackbar } from 'notistack';
import { errorTexts } from './api-errors';

/** What the toast host (src/app/toast-host.tsx) lends once it is on screen. */
export interface ToastApi {
  enqueueSnackbar: typeof enqueueSnackbar;
  closeSnackbar: typeof closeSnackbar;
}

let lend: (api: ToastApi) => void = () => undefined;

/**
 * The toasts, once their host is mounted. The host and notistack load after the first screen
 * (they are not on the landing page's critical path); a toast asked for before waits for it.
 */
export const toasts = new Promise<ToastApi>((resolve) => {
  lend = resolve;
});

/** Called by the toast host when it is on screen. */
export const toastHostReady = (api: ToastApi): void => lend(api);

const show = (text: string, variant: 'success' | 'error' | 'info') =>
  void toasts.then((t) => t.enqueueSnackbar(text, { variant }));

const NOTIFY = {
  success: (text: string) => show(text, 'success'),
  error: (text: string) => show(text, 'error'),
  info: (text: string) => show(text, 'info'),
  /** An API error goes through the error catalogue (src/lib/api-errors.ts). */
  apiError: (error: unknown) => {
    for (const text of errorTexts(error)) show(text, 'error');
  },
};

/** Success and error toasts. */
export const useNotify = () => NOTIFY;
