import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

export const EXAM_ZIP_NAME = 'exam.zip';

/** GET /api/teacher/exam/{id}/audios: the exam's recordings as one zip. */
export const downloadExamZip = (examId: number) => apiBlob(`/api/teacher/exam/${examId}/audios`);

/** Downloads the zip and hands it to the browser as exam.zip. */
export function useDownloadExamZip() {
  return useMutation({
    mutationKey: ['teacher', 'exams', 'zip'],
    mutationFn: async (examId: number) => saveBlob(await downloadExamZip(examId), EXAM_ZIP_NAME),
  });
}
