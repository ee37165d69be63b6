import { queryOptions, useQuery } from '@tanstack/react-query';
import { examProgressSchema } from '@/shared/contract/progress';
import { api } from '@/lib/api-client';

/** GET /api/teacher/exam/{id}/progress: every assigned student's state. */
export const getExamProgress = (examId: number) =>
  api(`/api/teacher/exam/${examId}/progress`, { schema: examProgressSchema });

export const examProgressQueryKey = (examId: number) => ['exam-progress', examId] as const;

/** Polled every `pollMs` while the event stream is cut (false: the stream keeps it fresh). */
export const examProgressQuery = (examId: number, pollMs: number | false = false) =>
  queryOptions({
    queryKey: examProgressQueryKey(examId),
    queryFn: () => getExamProgress(examId),
    refetchInterval: pollMs,
  });

export const useExamProgress = (examId: number, pollMs: number | false) =>
  useQuery(examProgressQuery(examId, pollMs));
