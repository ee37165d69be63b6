import { useMutation, useQueryClient } from '@tanstack/react-query';
import { examSchema, type ExamUpdateBody } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { examsKey } from './list-exams';

/** PATCH /api/teacher/exam: body id, name, studentsID, variantsID. */
export const updateExam = (body: ExamUpdateBody) =>
  api('/api/teacher/exam', { method: 'PATCH', body, schema: examSchema });

export function useUpdateExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'exams', 'update'],
    mutationFn: updateExam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examsKey }),
  });
}
