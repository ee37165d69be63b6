import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentAudiosPageSchema } from '../../../shared/contract/teacher';
import { api } from '../../../lib/api-client';
import { studentsKey, type StudentsPageParams } from './list-students';

/** GET /api/teacher/students/{id}/audios[/search]: this student's recordings of the teacher's exams. */
export async function listStudentAudios(studentId: number, p: StudentsPageParams) {
  const base = `/api/teacher/students/${studentId}/audios`;
  const r = await api(p.search ? `${base}/search` : base, {
    query: { page_size: p.pageSize, page_number: p.page, ...(p.search ? { search_string: p.search } : {}) },
    schema: studentAudiosPageSchema,
  });
  return { page: r.page, pages: r.pages, items: r.audios };
}

export const studentAudiosQuery = (studentId: number, p: StudentsPageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'detail', studentId, 'audios', p] as const,
    queryFn: () => listStudentAudios(studentId, p),
    placeholderData: keepPreviousData,
  });

export const useStudentAudios = (studentId: number, p: StudentsPageParams) =>
  useQuery(studentAudiosQuery(studentId, p));
