import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentExamsPageSchema } from '../../../shared/contract/teacher';
import { api } from '../../../lib/api-client';
import { studentsKey, type StudentsPageParams } from './list-students';

/** GET /api/teacher/students/{id}/exams[/search]: the teacher's exams given to this student. */
export async function listStudentExams(studentId: number, p: StudentsPageParams) {
  const base = `/api/teacher/students/${studentId}/exams`;
  const r = await api(p.search ? `${base}/search` : base, {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: studentExamsPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.exams };
}

export const studentExamsQuery = (studentId: number, p: StudentsPageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'detail', studentId, 'exams', p] as const,
    queryFn: () => listStudentExams(studentId, p),
    placeholderData: keepPreviousData,
  });

export const useStudentExams = (studentId: number, p: StudentsPageParams) =>
  useQuery(studentExamsQuery(studentId, p));
