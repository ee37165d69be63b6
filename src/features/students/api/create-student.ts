import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStudentBody } from '@/shared/contract/teacher';
import { userSchema } from '@/shared/contract/users';
import { api } from '@/lib/api-client';
import { studentsKey } from './list-students';

/** POST /api/teacher/students: a new account, on the teacher's list at once. */
export const createStudent = (body: CreateStudentBody) =>
  api('/api/teacher/students', { method: 'POST', body, schema: userSchema });

export function useCreateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'students', 'create'],
    mutationFn: createStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentsKey }),
  });
}
