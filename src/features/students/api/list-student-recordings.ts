import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentAudiosPageSchema } from '@/shared/contract/teacher';
import { getPage } from '@/lib/paged-get';
import type { PageParams } from '@/shared/paging';
import { studentsKey } from './list-students';

/** GET /api/teacher/students/{id}/audios[/search]: this student's recordings of the teacher's exams. */
export const listStudentRecordings = (studentId: number, p: PageParams) =>
  getPage(`/api/teacher/students/${studentId}/audios`, 'audios', studentAudiosPageSchema, p);

export const studentRecordingsQuery = (studentId: number, p: PageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'detail', studentId, 'audios', p] as const,
    queryFn: () => listStudentRecordings(studentId, p),
    placeholderData: keepPreviousData,
  });

export const useStudentRecordings = (studentId: number, p: PageParams) =>
  useQuery(studentRecordingsQuery(studentId, p));
