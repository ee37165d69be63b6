import CssBaseline from '@mui/material/CssBaseline';
import { styled, ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={20}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        Components={TOASTS}
      >
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
