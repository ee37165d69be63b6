import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { examsPageSchema } from '@/shared/contract/teacher';
import { FIRST_PAGE } from '@/components/paged-list/paged-result';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

export interface ExamSummary {
  id: number;
  name: string;
}

/** GET /api/teacher/exams[/search]: the teacher's exams by name. */
export const listExams = (p: PageParams): Promise<Page<ExamSummary>> =>
  getPage('/api/teacher/exams', 'exams', examsPageSchema, p);

export const FIRST_EXAMS_PAGE: PageParams = { ...FIRST_PAGE, search: '' };

/**
 * Everything about the teacher's exams (lists, and the exam page's own queries when they live
 * under it): what a create, an update or a delete makes stale.
 */
export const examsKey = ['teacher', 'exams'] as const;

export const examsPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: [...examsKey, 'list', p] as const,
    queryFn: () => listExams(p),
    placeholderData: keepPreviousData,
  });

export const useExamsPage = (p: PageParams) => useQuery(examsPageQuery(p));
