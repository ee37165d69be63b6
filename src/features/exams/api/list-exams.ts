import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { examsPageSchema } from '../../../shared/contract/teacher';
import { FIRST_PAGE, type PageParams, type Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';

export interface ExamsPageParams extends PageParams {
  search: string;
}

export interface ExamSummary {
  id: number;
  name: string;
}

/** GET /api/teacher/exams[/search]: the teacher's exams by name. */
export const listExams = (p: ExamsPageParams): Promise<Paged<ExamSummary>> =>
  getPage('/api/teacher/exams', 'exams', examsPageSchema, p);

export const FIRST_EXAMS_PAGE: ExamsPageParams = { ...FIRST_PAGE, search: '' };

/**
 * Everything about the teacher's exams (lists, and the exam page's own queries when they live
 * under it): what a create, an update or a delete makes stale.
 */
export const examsKey = ['teacher', 'exams'] as const;

export const examsPageQuery = (p: ExamsPageParams) =>
  queryOptions({
    queryKey: [...examsKey, 'list', p] as const,
    queryFn: () => listExams(p),
    placeholderData: keepPreviousData,
  });

export const useExamsPage = (p: ExamsPageParams) => useQuery(examsPageQuery(p));
