import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';
import { studentsKey } from './list-students';

/** DELETE /api/teacher/student/{id}: off the list and off the teacher's exams. */
export const removeStudent = (studentId: number) =>
  api(`/api/teacher/student/${studentId}`, { method: 'DELETE', schema: messageSchema });

export function useRemoveStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'students', 'remove'],
    mutationFn: removeStudent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentsKey }),
  });
}
