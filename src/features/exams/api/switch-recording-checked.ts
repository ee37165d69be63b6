import { useMutation, useQueryClient } from '@tanstack/react-query';
import { switchCheckedResponseSchema } from '@/shared/contract/review';
import type { ExamDto } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';
import { examQueryKey } from './get-exam';

/** POST /api/teacher/audios/{id}/switch, no body: flips the recording's checked flag. */
export const switchRecordingChecked = (audioId: number) =>
  api(`/api/teacher/audios/${audioId}/switch`, { method: 'POST', schema: switchCheckedResponseSchema });

/** The exam page's switch: the row shows the server's answer, then the exam is asked again. */
export function useSwitchRecordingChecked(examId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'exams', 'switch-audio'],
    mutationFn: switchRecordingChecked,
    onSuccess: (result) => {
      queryClient.setQueryData<ExamDto>(examQueryKey(examId), (exam) =>
        exam
          ? {
              ...exam,
              audios: exam.audios.map((a) => (a.id === result.id ? { ...a, checked: result.checked } : a)),
            }
          : exam,
      );
      return queryClient.invalidateQueries({ queryKey: examQueryKey(examId) });
    },
  });
}
