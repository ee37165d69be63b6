import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordingDetailSchema } from '@/shared/contract/student';
import { api } from '@/lib/api-client';

export const getOwnRecording = (id: number) =>
  api(`/api/student/audios/${id}`, { schema: recordingDetailSchema });

export const ownRecordingQuery = (id: number) =>
  queryOptions({ queryKey: ['student', 'audio', id], queryFn: () => getOwnRecording(id) });

export const useOwnRecording = (id: number) => useQuery(ownRecordingQuery(id));
