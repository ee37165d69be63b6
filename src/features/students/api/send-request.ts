import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';
import { studentsKey } from './list-students';

/** POST /api/teacher/student/{id}: asks the student to join the list; 409 when already asked. */
export const sendRequest = (studentId: number) =>
  api(`/api/teacher/student/${studentId}`, { method: 'POST', schema: messageSchema });

export function useSendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'students', 'request'],
    mutationFn: sendRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...studentsKey, 'global'] }),
  });
}
