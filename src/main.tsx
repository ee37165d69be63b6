import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { router } from './app/router';
import { startSync } from './app/sync';
import { startQueryCache } from './lib/query-client';
import { UpdatePrompt } from './app/update-prompt';
import { reloadOnChunkLoadErrors } from './lib/chunk-reload';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

void startQueryCache();
startSync();
reloadOnChunkLoadErrors();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <UpdatePrompt />
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
