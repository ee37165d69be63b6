import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teacherStudentsPageSchema } from '../../../shared/contract/teacher';
import type { UserDto } from '../../../shared/contract/users';
import type { Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';
import type { ChoicesParams } from './list-variant-choices';

/**
 * The teacher's students for the exam picker (GET /api/teacher/students[/search]): only those
 * who accepted a request (or whom the teacher created) can be given an exam.
 */
export const listStudentChoices = (p: ChoicesParams): Promise<Paged<UserDto>> =>
  getPage('/api/teacher/students', 'students', teacherStudentsPageSchema, p);

export const studentChoicesQuery = (p: ChoicesParams) =>
  queryOptions({
    queryKey: ['teacher', 'exams', 'student-choices', p] as const,
    queryFn: () => listStudentChoices(p),
    placeholderData: keepPreviousData,
    // Students accept requests elsewhere: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useStudentChoices = (p: ChoicesParams) => useQuery(studentChoicesQuery(p));
