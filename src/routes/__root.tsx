import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { queryCacheRestored } from '../lib/query-client';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Loaders read the device's cache first: it must be restored before any of them runs.
  beforeLoad: () => queryCacheRestored,
  component: Outlet,
});
