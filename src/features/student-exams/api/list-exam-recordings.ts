import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentRecordingsPageSchema } from '@/shared/contract/student';
import { api } from '@/lib/api-client';

export interface ExamRecordingsParams {
  examId: number;
  page: number;
  pageSize: number;
}

export const listExamRecordings = (p: ExamRecordingsParams) =>
  api(`/api/student/exam/${p.examId}/audios`, {
    query: { page_size: p.pageSize, page_number: p.page },
    schema: studentRecordingsPageSchema,
  });

export const examRecordingsQuery = (p: ExamRecordingsParams) =>
  queryOptions({
    queryKey: ['student', 'exam', p.examId, 'audios', p],
    queryFn: () => listExamRecordings(p),
    placeholderData: keepPreviousData,
  });

/** The page as every list shows it (the cache keeps the server's answer as it came). */
export const useExamRecordings = (p: ExamRecordingsParams) =>
  useQuery({ ...examRecordingsQuery(p), select: (r) => ({ page: r.page, pages: r.pages, items: r.audios }) });
