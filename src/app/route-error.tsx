import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { isChunkLoadError, reloadWhenIdle } from '@/lib/chunk-reload';
import { OfflineError } from '@/lib/route-data';

// Offline with nothing saved: its texts are not part of the first screen's code (precached anyway).
const OfflinePage = lazy(() =>
  import('@/components/layout/offline-page').then((m) => ({ default: m.OfflinePage })),
);

/**
 * Any route's error: a part of the app that could not be loaded (an update replaced it) reloads
 * into the new version when idle instead of breaking the screen; a page not saved on the device
 * while offline says so; anything else is shown.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  // Scheduling twice is harmless (reloadWhenIdle keeps one), so the initializer may run it.
  const [reloading] = useState(() => isChunkLoadError(error) && reloadWhenIdle());
  if (error instanceof OfflineError) {
    return (
      <Suspense fallback={null}>
        <OfflinePage reset={reset} />
      </Suspense>
    );
  }
  if (!reloading) return <ErrorComponent error={error} />;
  return (
    <Box component="main" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>Загружается новая версия приложения…</Typography>
    </Box>
  );
}
