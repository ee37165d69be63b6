import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@/shared/contract/common';
import { api } from '@/lib/api-client';
import { examQueryKey } from './get-exam';

/** DELETE /api/teacher/audio/{id}: the recording goes with its comments. */
export const deleteExamRecording = (audioId: number) =>
  api(`/api/teacher/audio/${audioId}`, { method: 'DELETE', schema: messageSchema });

/** Refreshes the exam (its recordings) and, beneath its key, the exam's statistics. */
export function useDeleteExamRecording(examId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'exams', 'delete-audio'],
    mutationFn: deleteExamRecording,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examQueryKey(examId) }),
  });
}
