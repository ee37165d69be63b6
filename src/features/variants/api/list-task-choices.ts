import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksPageSchema, type TaskDto } from '@/shared/contract/teacher';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** The teacher's tasks for the variant's task picker (GET /api/teacher/tasks[/search]). */
export const listTaskChoices = (p: PageParams): Promise<Page<TaskDto>> =>
  getPage('/api/teacher/tasks', 'tasks', tasksPageSchema, p);

export const taskChoicesQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['teacher', 'variants', 'task-choices', p] as const,
    queryFn: () => listTaskChoices(p),
    placeholderData: keepPreviousData,
    // Tasks are made on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useTaskChoices = (p: PageParams) => useQuery(taskChoicesQuery(p));
