import { liveQuery } from 'dexie';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { syncEngine } from './device-sync';
import type { OutboxItem, OutboxKind, SyncSnapshot } from './sync-engine';

export function useSyncStatus(): SyncSnapshot {
  return useSyncExternalStore(syncEngine.subscribe, syncEngine.getSnapshot);
}

/**
 * The signed-in user's items of one kind still waiting (refused ones included), oldest first,
 * live across tabs and the service worker; undefined until first read. How a page reads its
 * kind as pending (each kind file says how to read its items).
 */
export function usePendingItems<K extends OutboxKind>(kind: K): Array<OutboxItem<K>> | undefined {
  const [items, setItems] = useState<Array<OutboxItem<K>>>();
  useEffect(() => {
    const subscription = liveQuery(() => syncEngine.pendingOf(kind)).subscribe({
      next: setItems,
      error: (error: unknown) => console.warn('pending items', error),
    });
    return () => subscription.unsubscribe();
  }, [kind]);
  return items;
}

/** The signed-in user's items of one kind that the server refused, live (across tabs too). */
export function useRefusedItems<K extends OutboxKind>(kind: K): Array<OutboxItem<K>> {
  const items = usePendingItems(kind);
  return useMemo(() => (items ?? []).filter((i) => i.blocked), [items]);
}
