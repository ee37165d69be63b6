import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { globalStudentsPageSchema } from '@/shared/contract/teacher';
import { getPage } from '@/lib/paged-get';
import type { PageParams } from '@/shared/paging';
import { studentsKey } from './list-students';

/** GET /api/teacher/students/global[/search]: every student, with where they stand with us. */
export const listGlobalStudents = (p: PageParams) =>
  getPage('/api/teacher/students/global', 'students', globalStudentsPageSchema, p);

export const globalStudentsPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'global', p] as const,
    queryFn: () => listGlobalStudents(p),
    placeholderData: keepPreviousData,
    // Students register and answer requests meanwhile: each opening of the search asks again.
    staleTime: 0,
  });

export const useGlobalStudentsPage = (p: PageParams) => useQuery(globalStudentsPageQuery(p));
