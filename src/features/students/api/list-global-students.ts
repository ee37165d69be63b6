import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { globalStudentsPageSchema } from '../../../shared/contract/teacher';
import { api } from '../../../lib/api-client';
import { studentsKey, type StudentsPageParams } from './list-students';

/** GET /api/teacher/students/global[/search]: every student, with where they stand with us. */
export async function listGlobalStudents(p: StudentsPageParams) {
  const r = await api(p.search ? '/api/teacher/students/global/search' : '/api/teacher/students/global', {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: globalStudentsPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.students };
}

export const globalStudentsPageQuery = (p: StudentsPageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'global', p] as const,
    queryFn: () => listGlobalStudents(p),
    placeholderData: keepPreviousData,
    // Students register and answer requests meanwhile: each opening of the search asks again.
    staleTime: 0,
  });

export const useGlobalStudentsPage = (p: StudentsPageParams) => useQuery(globalStudentsPageQuery(p));
