import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksPageSchema, type TaskDto } from '@/shared/contract/teacher';
import { FIRST_PAGE } from '@/components/paged-list/paged-result';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** GET /api/teacher/tasks[/search]: the teacher's tasks by name. */
export const listTasks = (p: PageParams): Promise<Page<TaskDto>> =>
  getPage('/api/teacher/tasks', 'tasks', tasksPageSchema, p);

export const FIRST_TASKS_PAGE: PageParams = { ...FIRST_PAGE, search: '' };

/** Every page of the list: what a create, an update or a delete makes stale. */
export const tasksListKey = ['teacher', 'tasks', 'list'] as const;

export const tasksPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: [...tasksListKey, p] as const,
    queryFn: () => listTasks(p),
    placeholderData: keepPreviousData,
  });

export const useTasksPage = (p: PageParams) => useQuery(tasksPageQuery(p));
