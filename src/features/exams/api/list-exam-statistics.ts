import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { statisticsPageSchema, type StatisticsSession } from '@/shared/contract/review';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';
import { examQueryKey } from './get-exam';

/** GET /api/teacher/exam/{id}/statistics: one row per assigned student, completed or not. */
export const listExamStatistics = (examId: number, p: PageParams): Promise<Page<StatisticsSession>> =>
  getPage(`/api/teacher/exam/${examId}/statistics`, 'sessions', statisticsPageSchema, p);

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
