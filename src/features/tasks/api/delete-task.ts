import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';
import { taskKey } from './get-task';
import { tasksListKey } from './list-tasks';

/** DELETE /api/teacher/task/{id}; 409 names the variants that still use it. */
export const deleteTask = (id: number) =>
  api(`/api/teacher/task/${id}`, { method: 'DELETE', schema: messageSchema });

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'tasks', 'delete'],
    mutationFn: deleteTask,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: taskKey(id) });
      return queryClient.invalidateQueries({ queryKey: tasksListKey });
    },
  });
}
