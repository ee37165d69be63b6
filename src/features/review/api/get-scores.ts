import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordingScoresSchema } from '@/shared/contract/grading';
import { api } from '@/lib/api-client';
import { scoresQueryKey } from './query-keys';

export const getScores = (id: number) =>
  api(`/api/teacher/audios/${id}/scores`, { schema: recordingScoresSchema });

export const scoresQuery = (id: number) =>
  queryOptions({ queryKey: scoresQueryKey(id), queryFn: () => getScores(id) });

export const useScores = (id: number) => useQuery(scoresQuery(id));
