import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { tasksPageSchema, type TaskDto } from '../../../shared/contract/teacher';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

export interface TaskChoicesParams extends PageParams {
  search: string;
}

/** The teacher's tasks for the variant's task picker (GET /api/teacher/tasks[/search]). */
export async function listTaskChoices(p: TaskChoicesParams): Promise<Paged<TaskDto>> {
  const r = await api(p.search ? '/api/teacher/tasks/search' : '/api/teacher/tasks', {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: tasksPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.tasks };
}

export const taskChoicesQuery = (p: TaskChoicesParams) =>
  queryOptions({
    queryKey: ['teacher', 'variants', 'task-choices', p] as const,
    queryFn: () => listTaskChoices(p),
    placeholderData: keepPreviousData,
    // Tasks are made on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useTaskChoices = (p: TaskChoicesParams) => useQuery(taskChoicesQuery(p));
