import { createRouter } from '@tanstack/react-router';
import { queryClient } from '@/lib/query-client';
import { routeTree } from '@/routeTree.gen';
import { loadScreenCodeBesideGuards } from '@/lib/screen-code';
import { RouteError } from './route-error';

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through the query cache, which is the single source of freshness.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: RouteError,
});

loadScreenCodeBesideGuards(router);

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
