import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamSchema } from '../../../shared/contract/student';
import { api } from '../../../lib/api-client';

export const getExam = (id: number) => api(`/api/student/exam/${id}`, { schema: studentExamSchema });

export const examQuery = (id: number) =>
  queryOptions({ queryKey: ['student', 'exam', id], queryFn: () => getExam(id) });

export const useExam = (id: number) => useQuery(examQuery(id));
