import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordingDetailSchema } from '../../../shared/contract/student';
import { api } from '../../../lib/api-client';

export const getAudio = (id: number) => api(`/api/student/audios/${id}`, { schema: recordingDetailSchema });

export const audioQuery = (id: number) =>
  queryOptions({ queryKey: ['student', 'audio', id], queryFn: () => getAudio(id) });

export const useAudio = (id: number) => useQuery(audioQuery(id));
