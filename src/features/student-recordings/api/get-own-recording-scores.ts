import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordingScoresSchema } from '@/shared/contract/grading';
import { api } from '@/lib/api-client';

export const getOwnRecordingScores = (id: number) =>
  api(`/api/student/audios/${id}/scores`, { schema: recordingScoresSchema });

export const ownRecordingScoresQuery = (id: number) =>
  queryOptions({ queryKey: ['student', 'audio', id, 'scores'], queryFn: () => getOwnRecordingScores(id) });

export const useOwnRecordingScores = (id: number) => useQuery(ownRecordingScoresQuery(id));
