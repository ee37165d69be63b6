import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesPageSchema, type FileDto } from '../../../shared/contract/teacher';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

export interface FileChoicesParams extends PageParams {
  search: string;
}

/** The teacher's files for the task's file picker (GET /api/teacher/files[/search]). */
export async function listFileChoices(p: FileChoicesParams): Promise<Paged<FileDto>> {
  const r = await api(p.search ? '/api/teacher/files/search' : '/api/teacher/files', {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: filesPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.files };
}

export const fileChoicesQuery = (p: FileChoicesParams) =>
  queryOptions({
    queryKey: ['teacher', 'tasks', 'file-choices', p] as const,
    queryFn: () => listFileChoices(p),
    placeholderData: keepPreviousData,
    // Files come and go on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useFileChoices = (p: FileChoicesParams) => useQuery(fileChoicesQuery(p));
