import type { UseMutationResult } from '@tanstack/react-query';
import { useNotify } from '@/lib/notify';

/**
 * LinkedRows' delete action for a delete-by-id mutation: `done` as the success toast, the API's
 * error otherwise (a 409 says where the item is still used); the row being deleted waits.
 */
export function useRowDelete(remove: UseMutationResult<unknown, unknown, number>, done: string) {
  const notify = useNotify();
  return {
    onDelete: (item: { id: number }) =>
      remove.mutate(item.id, { onSuccess: () => notify.success(done), onError: notify.apiError }),
    deleteDisabled: (item: { id: number }) => remove.isPending && remove.variables === item.id,
  };
}
