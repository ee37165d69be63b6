import type { AnyRouter } from '@tanstack/react-router';

/**
 * Starts loading a navigation's screens' code as it begins, beside its guards (the role call),
 * where the router would load it only after every guard answered: on a slow phone the two waits
 * came one after the other. The router's own load then finds the code loading or loaded, and
 * reports a failure as before. Returns how to stop.
 */
export function loadScreenCodeBesideGuards(router: AnyRouter): () => void {
  return router.subscribe('onBeforeLoad', ({ toLocation }) => {
    const [routes] = router.getMatchedRoutes(toLocation.pathname);
    for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
  });
}
