import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { startSyncWhenSignedIn } from '@/app/start-sync-when-signed-in';
import { router } from '@/app/router';
import { startQueryCache } from '@/lib/query-client';
import { reloadOnChunkLoadErrors } from '@/lib/chunk-reload';
import { useToastsWanted } from '@/lib/notify';
import { captureInstallPrompt } from '@/lib/install-prompt';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

void startQueryCache();
// The outbox is not needed to draw the first screen, nor by a visitor who is not signed in.
startSyncWhenSignedIn();
reloadOnChunkLoadErrors();
captureInstallPrompt();

// Draws nothing until a new version waits: the service worker's code loads after the first screen.
const UpdatePrompt = lazy(() => import('@/app/update-prompt').then((m) => ({ default: m.UpdatePrompt })));
// Where toasts appear (notistack): loaded with the first toast asked for; the landing shows none.
const ToastHost = lazy(() => import('@/app/toast-host').then((m) => ({ default: m.ToastHost })));

function ToastHostWhenWanted() {
  return useToastsWanted() ? <ToastHost /> : null;
}

createRoot(root).render(
  <StrictMode>
    <Providers>
      {/* Its own boundary: toasts must not wait for the update prompt's code below. */}
      <Suspense fallback={null}>
        <ToastHostWhenWanted />
      </Suspense>
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
