import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_FILES_FIELD, importResultsSchema } from '@/shared/contract/progress';
import { api } from '@/lib/api-client';

/** A file can be large and the link slow: an import may take this long. */
const IMPORT_TIMEOUT_MS = 10 * 60_000;

/** POST /api/student/exam/{id}/import: the student's own `.ustno` file, its outcome. */
export function importOwnAnswer(examId: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append(IMPORT_FILES_FIELD, file, file.name);
  return api(`/api/student/exam/${examId}/import`, {
    method: 'POST',
    body: form,
    timeout: IMPORT_TIMEOUT_MS,
    schema: importResultsSchema,
  });
}

/** An attached answer shows in the exam's recordings and counts in its attempts. */
export function useImportOwnAnswer(examId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => importOwnAnswer(examId, files),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['student'] }),
  });
}
