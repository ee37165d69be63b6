import type { PageParams } from '@/shared/paging';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentRecordingsPageSchema } from '@/shared/contract/student';
import { api } from '@/lib/api-client';

export const listOwnRecordings = (p: PageParams) =>
  api('/api/student/audios/search', {
    query: { page_size: p.pageSize, page_number: p.page, search_string: p.search },
    schema: studentRecordingsPageSchema,
  });

export const ownRecordingsQuery = (p: PageParams) =>
  queryOptions({
    queryKey: ['student', 'audios', p],
    queryFn: () => listOwnRecordings(p),
    placeholderData: keepPreviousData,
  });

/** The page as every list shows it (the cache keeps the server's answer as it came). */
export const useOwnRecordings = (p: PageParams) =>
  useQuery({ ...ownRecordingsQuery(p), select: (r) => ({ page: r.page, pages: r.pages, items: r.audios }) });
