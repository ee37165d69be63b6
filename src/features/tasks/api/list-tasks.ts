import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksPageSchema, type TaskDto } from '../../../shared/contract/teacher';
import { FIRST_PAGE, type PageParams, type Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

export interface TasksPageParams extends PageParams {
  search: string;
}

/** GET /api/teacher/tasks[/search]: the teacher's tasks by name. */
export async function listTasks(p: TasksPageParams): Promise<Paged<TaskDto>> {
  const r = await api(p.search ? '/api/teacher/tasks/search' : '/api/teacher/tasks', {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: tasksPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.tasks };
}

export const FIRST_TASKS_PAGE: TasksPageParams = { ...FIRST_PAGE, search: '' };

/** Every page of the list: what a create, an update or a delete makes stale. */
export const tasksListKey = ['teacher', 'tasks', 'list'] as const;

export const tasksPageQuery = (p: TasksPageParams) =>
  queryOptions({
    queryKey: [...tasksListKey, p] as const,
    queryFn: () => listTasks(p),
    placeholderData: keepPreviousData,
  });

export const useTasksPage = (p: TasksPageParams) => useQuery(tasksPageQuery(p));
