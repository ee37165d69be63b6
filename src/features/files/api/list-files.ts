import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesPageSchema, type FileDto } from '@/shared/contract/teacher';
import { DEFAULT_SECTION_PAGE_SIZE } from '@/shared/pager';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** GET /api/teacher/files[/search]: the teacher's files by name. */
export const listFiles = (p: PageParams): Promise<Page<FileDto>> =>
  getPage('/api/teacher/files', 'files', filesPageSchema, p);

/** The files page shows 10 a page at first. */
export const FIRST_FILES_PAGE: PageParams = { page: 0, pageSize: DEFAULT_SECTION_PAGE_SIZE, search: '' };

/** Every page of the list: what an upload, a rename or a delete makes stale. */
export const filesListKey = ['teacher', 'files', 'list'] as const;

export const filesPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: [...filesListKey, p] as const,
    queryFn: () => listFiles(p),
    placeholderData: keepPreviousData,
  });

export const useFilesPage = (p: PageParams) => useQuery(filesPageQuery(p));
