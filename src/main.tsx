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
import { afterFirstScreen } from '@/lib/after-first-screen';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { startEarlyRoleCall } from '@/lib/route-guard';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

startEarlyRoleCall();
void startQueryCache();
// Neither the outbox nor the toasts are needed to draw the first screen, nor by a visitor who is
// not signed in. A signed-in user's toasts load now, while online: an exam finished offline says so.
onceSignedIn(() => {
  const startOutbox = () => void import('@/app/sync').then((m) => m.startSync());
  // From the worker's cache its files take no link: it starts at once, while the screen's guard
  // waits for the server. Over the network they would queue ahead of the screen's own on a slow
  // link: it starts once the screen is drawn (what waits on the device goes a moment later).
  if (navigator.serviceWorker?.controller) startOutbox();
  else afterFirstScreen(router, startOutbox);
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
