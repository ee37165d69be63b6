import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { type ToastApi, toastHostReady } from '@/lib/notify';

// notistack's own greens and blues are too light for white text (WCAG AA needs 4.5:1).
const Toast = styled(MaterialDesignContent)(({ theme: t }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: t.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: t.palette.error.dark },
  '&.notistack-MuiContent-info': { backgroundColor: t.palette.info.dark },
  '&.notistack-MuiContent-warning': {
    backgroundColor: t.palette.warning.dark,
    color: t.palette.getContrastText(t.palette.warning.dark),
  },
}));

const TOASTS = { success: Toast, error: Toast, info: Toast, warning: Toast, default: Toast };

// notistack's global functions are live bindings, set by the provider mounted last: call
// through them, so a host mounted again (StrictMode, tests) still gets the toasts.
const api: ToastApi = {
  enqueueSnackbar: (...args: Parameters<typeof enqueueSnackbar>) => enqueueSnackbar(...args),
  closeSnackbar: (key) => closeSnackbar(key),
};

/**
 * Where toasts appear. Loaded after the first screen; notistack's global `enqueueSnackbar` works
 * once the provider is mounted, so the host lends it to `useNotify` from then on.
 */
export function ToastHost() {
  useEffect(() => toastHostReady(api), []);
  return (
    <SnackbarProvider
      maxSnack={20}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={TOASTS}
    />
  );
}
