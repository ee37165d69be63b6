import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamsPageSchema } from '@/shared/contract/teacher';
import { getPage } from '@/lib/paged-get';
import type { PageParams } from '@/shared/paging';
import { studentsKey } from './list-students';

/** GET /api/teacher/students/{id}/exams[/search]: the teacher's exams given to this student. */
export const listStudentExams = (studentId: number, p: PageParams) =>
  getPage(`/api/teacher/students/${studentId}/exams`, 'exams', studentExamsPageSchema, p);

export const studentExamsQuery = (studentId: number, p: PageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'detail', studentId, 'exams', p] as const,
    queryFn: () => listStudentExams(studentId, p),
    placeholderData: keepPreviousData,
  });

export const useStudentExams = (studentId: number, p: PageParams) =>
  useQuery(studentExamsQuery(studentId, p));
