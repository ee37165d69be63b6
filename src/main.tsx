import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import { startQueryCache } from '@/lib/query-client';
import { reloadOnChunkLoadErrors } from '@/lib/chunk-reload';
import { captureInstallPrompt } from '@/lib/install-prompt';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

void startQueryCache();
// The outbox (Dexie, the upload code) is not needed to draw the first screen.
void import('@/app/sync').then((m) => m.startSync());
reloadOnChunkLoadErrors();
captureInstallPrompt();

// Draws nothing until a new version waits: the service worker's code loads after the first screen.
const UpdatePrompt = lazy(() => import('@/app/update-prompt').then((m) => ({ default: m.UpdatePrompt })));
// Where toasts appear (notistack): after the first screen, which shows none.
const ToastHost = lazy(() => import('@/app/toast-host').then((m) => ({ default: m.ToastHost })));
// Toasts for refused outbox items: they need the outbox, which loads after the first screen too.
const RefusalToasts = lazy(() => import('@/app/refusal-toasts').then((m) => ({ default: m.RefusalToasts })));

createRoot(root).render(
  <StrictMode>
    <Providers>
      {/* Its own boundary: toasts must not wait for the outbox's code below. */}
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      <Suspense fallback={null}>
        <UpdatePrompt />
        <RefusalToasts />
      </Suspense>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
