import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { userSchema } from '@/shared/contract/users';
import { api } from '@/lib/api-client';
import { studentsKey } from './list-students';

/** GET /api/teacher/students/{id}: one of the teacher's students. */
export const getStudent = (id: number) => api(`/api/teacher/students/${id}`, { schema: userSchema });

export const studentQuery = (id: number) =>
  queryOptions({ queryKey: [...studentsKey, 'detail', id] as const, queryFn: () => getStudent(id) });

/** The route loader has it in the cache already. */
export const useStudent = (id: number) => useSuspenseQuery(studentQuery(id));
