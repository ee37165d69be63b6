import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksPageSchema, type TaskDto } from '../../../shared/contract/teacher';
import { FIRST_PAGE, type PageParams, type Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';

export interface TasksPageParams extends PageParams {
  search: string;
}

/** GET /api/teacher/tasks[/search]: the teacher's tasks by name. */
export const listTasks = (p: TasksPageParams): Promise<Paged<TaskDto>> =>
  getPage('/api/teacher/tasks', 'tasks', tasksPageSchema, p);

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
