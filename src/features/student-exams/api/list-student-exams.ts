import type { PageParams } from '@/shared/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamsListSchema } from '@/shared/contract/student';
import { api } from '@/lib/api-client';

export const listOwnExams = (p: PageParams) =>
  api('/api/student/exams/search', {
    query: { page_size: p.pageSize, page_number: p.page, search_string: p.search },
    schema: studentExamsListSchema,
  });

export const examsListQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['student', 'exams', p],
    queryFn: () => listOwnExams(p),
    placeholderData: keepPreviousData,
  });

/** The page as every list shows it (the cache keeps the server's answer as it came). */
export const useExamsList = (p: PageParams) =>
  useQuery({ ...examsListQuery(p), select: (r) => ({ page: r.page, pages: r.pages, items: r.exams }) });
