import { useSyncExternalStore } from 'react';

/**
 * "An exam is running in this tab" (from 'Начать экзамен' to 'Экзамен завершен'): the layout
 * hides its navigation, the update prompt waits, and a failed chunk load does not reload.
 * Other tabs learn of a recording through its Web Lock (recording-lock).
 */
let active = false;
const listeners = new Set<() => void>();

export const examFocus = {
  isActive: (): boolean => active,
  set(next: boolean): void {
    if (next === active) return;
    active = next;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Resolves once no exam runs in this tab (at once if none does). */
  whenInactive(): Promise<void> {
    if (!active) return Promise.resolve();
    return new Promise((resolve) => {
      const off = examFocus.subscribe(() => {
        if (active) return;
        off();
        resolve();
      });
    });
  },
};

export function useExamFocus(): boolean {
  return useSyncExternalStore(examFocus.subscribe, examFocus.isActive);
}
