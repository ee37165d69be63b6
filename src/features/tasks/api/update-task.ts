import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskSchema, type TaskUpdateBody } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { taskKey } from './get-task';
import { tasksListKey } from './list-tasks';

/** PATCH /api/teacher/task: everything but the type, which is fixed at creation. */
export const updateTask = (body: TaskUpdateBody) =>
  api('/api/teacher/task', { method: 'PATCH', body, schema: taskSchema });

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'tasks', 'update'],
    mutationFn: updateTask,
    onSuccess: (task) => {
      queryClient.setQueryData(taskKey(task.id), task);
      return queryClient.invalidateQueries({ queryKey: tasksListKey });
    },
  });
}
