import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamsListSchema } from '../../../shared/contract/student';
import { api } from '../../../lib/api-client';

export interface ExamsListParams {
  page: number;
  pageSize: number;
  search: string;
}

export const listExams = (p: ExamsListParams) =>
  api('/api/student/exams/search', {
    query: { page_size: p.pageSize, page_number: p.page, search_string: p.search },
    schema: studentExamsListSchema,
  });

export const examsListQuery = (p: ExamsListParams) =>
  queryOptions({
    queryKey: ['student', 'exams', p],
    queryFn: () => listExams(p),
    placeholderData: keepPreviousData,
  });

/** The page as every list shows it (the cache keeps the server's answer as it came). */
export const useExamsList = (p: ExamsListParams) =>
  useQuery({ ...examsListQuery(p), select: (r) => ({ page: r.page, pages: r.pages, items: r.exams }) });
