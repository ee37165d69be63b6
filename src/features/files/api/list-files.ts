import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filesPageSchema, type FileDto } from '../../../shared/contract/teacher';
import { DEFAULT_SECTION_PAGE_SIZE } from '../../../shared/pager';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';

export interface FilesPageParams extends PageParams {
  search: string;
}

/** GET /api/teacher/files[/search]: the teacher's files by name. */
export const listFiles = (p: FilesPageParams): Promise<Paged<FileDto>> =>
  getPage('/api/teacher/files', 'files', filesPageSchema, p);

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
