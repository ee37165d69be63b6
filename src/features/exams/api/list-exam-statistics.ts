import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsPageSchema, type StatisticsSession } from '../../../shared/contract/review';
import type { PageParams, Paged } from '../../../components/paged-list/paged-result';
import { api } from '../../../lib/api-client';
import { examQueryKey } from './get-exam';

/** GET /api/teacher/exam/{id}/statistics: one row per assigned student, completed or not. */
export async function listExamStatistics(examId: number, p: PageParams): Promise<Paged<StatisticsSession>> {
  const r = await api(`/api/teacher/exam/${examId}/statistics`, {
    query: { page_size: p.pageSize, page_number: p.page },
    schema: statisticsPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.sessions };
}

/** Beneath the exam's key: whatever refreshes the exam refreshes its statistics. */
export const examStatisticsQuery = (examId: number, p: PageParams) =>
  queryOptions({
    queryKey: [...examQueryKey(examId), 'statistics', p] as const,
    queryFn: () => listExamStatistics(examId, p),
    placeholderData: keepPreviousData,
    // Students finish exams meanwhile: the dialog asks again each time it opens.
    staleTime: 0,
  });

export const useExamStatistics = (examId: number, p: PageParams) => useQuery(examStatisticsQuery(examId, p));
