import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentAudiosPageSchema } from '../../../shared/contract/teacher';
import { getPage } from '../../../lib/paged-get';
import { studentsKey, type StudentsPageParams } from './list-students';

/** GET /api/teacher/students/{id}/audios[/search]: this student's recordings of the teacher's exams. */
export const listStudentAudios = (studentId: number, p: StudentsPageParams) =>
  getPage(`/api/teacher/students/${studentId}/audios`, 'audios', studentAudiosPageSchema, p);

export const studentAudiosQuery = (studentId: number, p: StudentsPageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'detail', studentId, 'audios', p] as const,
    queryFn: () => listStudentAudios(studentId, p),
    placeholderData: keepPreviousData,
  });

export const useStudentAudios = (studentId: number, p: StudentsPageParams) =>
  useQuery(studentAudiosQuery(studentId, p));
