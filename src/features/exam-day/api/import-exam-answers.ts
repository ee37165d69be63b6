import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_FILES_FIELD, importResultsSchema } from '@/shared/contract/progress';
import { api } from '@/lib/api-client';
import { examProgressQueryKey } from './get-exam-progress';

/** Files can be large and the link slow: an import may take this long. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

/** POST /api/teacher/exam/{id}/import: `.ustno` files (repeated `files`), each file's outcome. */
export function importExamAnswers(examId: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append(IMPORT_FILES_FIELD, file, file.name);
  return api(`/api/teacher/exam/${examId}/import`, {
    method: 'POST',
    body: form,
    timeout: IMPORT_TIMEOUT_MS,
    schema: importResultsSchema,
  });
}

/** Attached answers show in the exam's progress and recordings (the teacher's exam pages). */
export function useImportExamAnswers(examId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => importExamAnswers(examId, files),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examProgressQueryKey(examId) });
      void queryClient.invalidateQueries({ queryKey: ['teacher', 'exams'] });
    },
  });
}
