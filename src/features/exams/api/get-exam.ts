import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { examSchema } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { examsKey } from './list-exams';

/** GET /api/teacher/exam/{id}: the exam with its variant and student ids and its recordings. */
export const getExam = (id: number) => api(`/api/teacher/exam/${id}`, { schema: examSchema });

/** Under examsKey: an update or a delete of exams makes it stale too. */
export const examQueryKey = (id: number) => [...examsKey, 'detail', id] as const;

export const examQuery = (id: number) =>
  queryOptions({ queryKey: examQueryKey(id), queryFn: () => getExam(id) });

/** The route loader has it in the cache already. */
export const useExam = (id: number) => useSuspenseQuery(examQuery(id));
