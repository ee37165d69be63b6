import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';
import { examsKey } from './list-exams';

/** DELETE /api/teacher/exam/{id}: the exam goes with its recordings and their comments. */
export const deleteExam = (id: number) =>
  api(`/api/teacher/exam/${id}`, { method: 'DELETE', schema: messageSchema });

export function useDeleteExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'exams', 'delete'],
    mutationFn: deleteExam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examsKey }),
  });
}
