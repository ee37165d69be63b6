import { useMutation, useQueryClient } from '@tanstack/react-query';
import { examSchema, type ExamCreateBody } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { examsKey } from './list-exams';

/** POST /api/teacher/exam: body name, students, variants (ids). */
export const createExam = (body: ExamCreateBody) =>
  api('/api/teacher/exam', { method: 'POST', body, schema: examSchema });

export function useCreateExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'exams', 'create'],
    mutationFn: createExam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examsKey }),
  });
}
