import { queryOptions, useQuery } from '@tanstack/react-query';
import { teacherRecordingDetailSchema } from '@/shared/contract/review';
import { api } from '@/lib/api-client';
import { recordingQueryKey } from './query-keys';

export const getRecording = (id: number) =>
  api(`/api/teacher/audios/${id}`, { schema: teacherRecordingDetailSchema });

export const recordingQuery = (id: number) =>
  queryOptions({ queryKey: recordingQueryKey(id), queryFn: () => getRecording(id) });

export const useRecording = (id: number) => useQuery(recordingQuery(id));
