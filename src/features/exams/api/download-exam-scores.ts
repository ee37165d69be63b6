import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';

export const EXAM_SCORES_NAME = 'scores.csv';

/** GET /api/teacher/exam/{id}/scores.csv: the exam's gradebook, one row per assigned student. */
export const downloadExamScores = (examId: number) => apiBlob(`/api/teacher/exam/${examId}/scores.csv`);

/** Downloads the gradebook and hands it to the browser as scores.csv. */
export function useDownloadExamScores() {
  return useMutation({
    mutationKey: ['teacher', 'exams', 'scores-csv'],
    mutationFn: async (examId: number) => saveBlob(await downloadExamScores(examId), EXAM_SCORES_NAME),
  });
}
