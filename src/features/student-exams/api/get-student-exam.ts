import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamSchema } from '@/shared/contract/student';
import { api } from '@/lib/api-client';

export const getStudentExam = (id: number) => api(`/api/student/exam/${id}`, { schema: studentExamSchema });

export const studentExamQuery = (id: number) =>
  queryOptions({ queryKey: ['student', 'exam', id], queryFn: () => getStudentExam(id) });

export const useStudentExam = (id: number) => useQuery(studentExamQuery(id));
