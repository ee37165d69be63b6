import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesPageSchema, type FileDto } from '@/shared/contract/teacher';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** The teacher's files for the task's file picker (GET /api/teacher/files[/search]). */
export const listFileChoices = (p: PageParams): Promise<Page<FileDto>> =>
  getPage('/api/teacher/files', 'files', filesPageSchema, p);

export const fileChoicesQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['teacher', 'tasks', 'file-choices', p] as const,
    queryFn: () => listFileChoices(p),
    placeholderData: keepPreviousData,
    // Files come and go on another screen: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useFileChoices = (p: PageParams) => useQuery(fileChoicesQuery(p));
