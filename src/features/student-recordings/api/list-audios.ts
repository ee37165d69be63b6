import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentRecordingsPageSchema } from '../../../shared/contract/student';
import { api } from '../../../lib/api-client';

export interface AudiosListParams {
  page: number;
  pageSize: number;
  search: string;
}

export const listAudios = (p: AudiosListParams) =>
  api('/api/student/audios/search', {
    query: { page_size: p.pageSize, page_number: p.page, search_string: p.search },
    schema: studentRecordingsPageSchema,
  });

export const audiosListQuery = (p: AudiosListParams) =>
  queryOptions({
    queryKey: ['student', 'audios', p],
    queryFn: () => listAudios(p),
    placeholderData: keepPreviousData,
  });

/** The page as every list shows it (the cache keeps the server's answer as it came). */
export const useAudiosList = (p: AudiosListParams) =>
  useQuery({ ...audiosListQuery(p), select: (r) => ({ page: r.page, pages: r.pages, items: r.audios }) });
