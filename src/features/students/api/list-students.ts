import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teacherStudentsPageSchema } from '@/shared/contract/teacher';
import type { PersonDto } from '@/shared/contract/users';
import { FIRST_PAGE } from '@/components/paged-list/paged-result';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** GET /api/teacher/students[/search]: the teacher's own (accepted) students. */
export const listStudents = (p: PageParams): Promise<Page<PersonDto>> =>
  getPage('/api/teacher/students', 'students', teacherStudentsPageSchema, p);

export const FIRST_STUDENTS_PAGE: PageParams = { ...FIRST_PAGE, search: '' };

/** Every list of the students area (own, global): what a create, a request or a removal changes. */
export const studentsKey = ['teacher', 'students'] as const;

export const studentsPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: [...studentsKey, 'list', p] as const,
    queryFn: () => listStudents(p),
    placeholderData: keepPreviousData,
  });

export const useStudentsPage = (p: PageParams) => useQuery(studentsPageQuery(p));
