import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { studentContract } from './student-contract';

export const getExamExtended = (examId: number) =>
  api(`/api/student/exam/${examId}/extended`, {
    schema: () => studentContract().then((c) => c.studentExamExtendedSchema),
  });

export const examExtendedQuery = (examId: number) =>
  queryOptions({ queryKey: ['student', 'exam', examId, 'extended'], queryFn: () => getExamExtended(examId) });

export const useExamExtended = (examId: number) => useQuery(examExtendedQuery(examId));
