import type { QueryClient } from '@tanstack/react-query';
import type { RefreshAction } from './sync-engine';

/** Does on a page what a confirmed item's kind asks: show the server's answer, ask queries again. */
export function applyRefreshActions(client: QueryClient, actions: readonly RefreshAction[]): void {
  for (const action of actions) {
    if ('set' in action) {
      client.setQueryData(action.set, action.data);
    } else {
      void client.invalidateQueries({
        queryKey: action.invalidate,
        exact: action.exact,
        refetchType: action.refetchType,
      });
    }
  }
}
