import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesPageSchema, type FileDto } from '../../../shared/contract/teacher';
import { DEFAULT_SECTION_PAGE_SIZE } from '../../../shared/pager';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';

export interface FilesPageParams extends PageParams {
  search: string;
}

/** GET /api/teacher/files[/search]: the teacher's files by name. */
export async function listFiles(p: FilesPageParams): Promise<Paged<FileDto>> {
  const r = await api(p.search ? '/api/teacher/files/search' : '/api/teacher/files', {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: filesPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.files };
}

/** SPEC.md §9: the files page shows 10 a page at first. */
export const FIRST_FILES_PAGE: FilesPageParams = { page: 0, pageSize: DEFAULT_SECTION_PAGE_SIZE, search: '' };

/** Every page of the list: what an upload, a rename or a delete makes stale. */
export const filesListKey = ['teacher', 'files', 'list'] as const;

export const filesPageQuery = (p: FilesPageParams) =>
  queryOptions({
    queryKey: [...filesListKey, p] as const,
    queryFn: () => listFiles(p),
    placeholderData: keepPreviousData,
  });

export const useFilesPage = (p: FilesPageParams) => useQuery(filesPageQuery(p));
