import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskSchema, type TaskCreateBody } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { taskKey } from './get-task';
import { tasksListKey } from './list-tasks';

/** POST /api/teacher/task. */
export const createTask = (body: TaskCreateBody) =>
  api('/api/teacher/task', { method: 'POST', body, schema: taskSchema });

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'tasks', 'create'],
    mutationFn: createTask,
    onSuccess: (task) => {
      queryClient.setQueryData(taskKey(task.id), task);
      return queryClient.invalidateQueries({ queryKey: tasksListKey });
    },
  });
}
