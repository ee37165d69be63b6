import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksPageSchema, type TaskDto } from '../../../shared/contract/teacher';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';

export interface TaskChoicesParams extends PageParams {
  search: string;
}

/** The teacher's tasks for the variant's task picker (GET /api/teacher/tasks[/search]). */
export const listTaskChoices = (p: TaskChoicesParams): Promise<Paged<TaskDto>> =>
  getPage('/api/teacher/tasks', 'tasks', tasksPageSchema, p);

export const taskChoicesQuery = (p: TaskChoicesParams) =>
  queryOptions({
    queryKey: ['teacher', 'variants', 'task-choices', p] as const,
    queryFn: () => listTaskChoices(p),
    placeholderData: keepPreviousData,
    // Tasks are made on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useTaskChoices = (p: TaskChoicesParams) => useQuery(taskChoicesQuery(p));
