import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teacherStudentsPageSchema } from '../../../shared/contract/teacher';
import type { UserDto } from '../../../shared/contract/users';
import { FIRST_PAGE, type PageParams, type Paged } from '../../../components/paged-list/paged-result';
import { getPage } from '../../../lib/paged-get';

export interface StudentsPageParams extends PageParams {
  search: string;
}

/** GET /api/teacher/students[/search]: the teacher's own (accepted) students. */
export const listStudents = (p: StudentsPageParams): Promise<Paged<UserDto>> =>
  getPage('/api/teacher/students', 'students', teacherStudentsPageSchema, p);

export const FIRST_STUDENTS_PAGE: StudentsPageParams = { ...FIRST_PAGE, search: '' };

/** Every list of the students area (own, global): what a create, a request or a removal changes. */
export const studentsKey = ['teacher', 'students'] as const;

export const studentsPageQuery = (p: StudentsPageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'list', p] as const,
    queryFn: () => listStudents(p),
    placeholderData: keepPreviousData,
  });

export const useStudentsPage = (p: StudentsPageParams) => useQuery(studentsPageQuery(p));
