import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { teacherStudentsPageSchema } from '@/shared/contract/teacher';
import type { PersonDto } from '@/shared/contract/users';
import type { Page } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';
import type { PageParams } from '@/shared/paging';

/**
 * The teacher's students for the exam picker (GET /api/teacher/students[/search]): only those
 * who accepted a request (or whom the teacher created) can be given an exam.
 */
export const listStudentChoices = (p: PageParams): Promise<Page<PersonDto>> =>
  getPage('/api/teacher/students', 'students', teacherStudentsPageSchema, p);

export const studentChoicesQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['teacher', 'exams', 'student-choices', p] as const,
    queryFn: () => listStudentChoices(p),
    placeholderData: keepPreviousData,
    // Students accept requests elsewhere: the picker asks again each time it opens.
    staleTime: 0,
  });

export const useStudentChoices = (p: PageParams) => useQuery(studentChoicesQuery(p));
