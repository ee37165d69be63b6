import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  queryClient: QueryClient;
}

// The device's cache is awaited by the role areas' guard, before their loaders: the public pages
// draw without waiting for the local database to open.
export const Route = createRootRouteWithContext<RouterContext>()({ component: Outlet });
