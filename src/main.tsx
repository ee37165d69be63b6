import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import { startQueryCache } from '@/lib/query-client';
import { reloadOnChunkLoadErrors } from '@/lib/chunk-reload';
import { useToastsWanted, whenToasts } from '@/lib/notify';
import { lazyPart } from '@/lib/lazy-part';
import { onceSignedIn } from '@/lib/once-signed-in';
import { captureInstallPrompt } from '@/lib/install-prompt';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

void startQueryCache();
// Neither the outbox nor the toasts are needed to draw the first screen, nor by a visitor who is
// not signed in. A signed-in user's toasts load now, while online: an exam finished offline says so.
onceSignedIn(() => {
  void import('@/app/sync').then((m) => m.startSync());
  void whenToasts();
});
reloadOnChunkLoadErrors();
captureInstallPrompt();

// Draws nothing until a new version waits: the service worker's code loads after the first screen.
const UpdatePrompt = lazy(() => import('@/app/update-prompt').then((m) => ({ default: m.UpdatePrompt })));
// Where toasts appear (notistack): loaded once someone is signed in or a toast is asked for; the
// landing shows none. Its code missing (offline before the worker cached it) costs the toasts, not the app.
const ToastHost = lazyPart(() => import('@/app/toast-host').then((m) => m.ToastHost));

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
