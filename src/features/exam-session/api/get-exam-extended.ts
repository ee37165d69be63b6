import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamExtendedSchema } from '@/shared/contract/student';
import { api } from '@/lib/api-client';

export const getExamExtended = (examId: number) =>
  api(`/api/student/exam/${examId}/extended`, { schema: studentExamExtendedSchema });

export const examExtendedQuery = (examId: number) =>
  queryOptions({ queryKey: ['student', 'exam', examId, 'extended'], queryFn: () => getExamExtended(examId) });

export const useExamExtended = (examId: number) => useQuery(examExtendedQuery(examId));
