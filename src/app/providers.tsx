import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { QUERY_CACHE_MAX_AGE, queryClient, queryPersister } from '../lib/query-client';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={20}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={{ persister: queryPersister, maxAge: QUERY_CACHE_MAX_AGE, buster: __APP_VERSION__ }}
        >
          {children}
        </PersistQueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
