import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { taskSchema } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';

/** GET /api/teacher/task/{id}. */
export const getTask = (id: number) => api(`/api/teacher/task/${id}`, { schema: taskSchema });

export const taskKey = (id: number) => ['teacher', 'tasks', 'detail', id] as const;

export const taskQuery = (id: number) => queryOptions({ queryKey: taskKey(id), queryFn: () => getTask(id) });

/** The route loader has it in the cache already. */
export const useTask = (id: number) => useSuspenseQuery(taskQuery(id));
