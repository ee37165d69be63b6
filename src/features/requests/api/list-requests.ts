import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestsPageSchema, type TeacherRequest } from '@/shared/contract/student-requests';
import { FIRST_PAGE } from '@/components/paged-list/paged-result';
import type { Page, PageParams } from '@/shared/paging';
import { getPage } from '@/lib/paged-get';

/** GET /api/student/requests: teachers' pending requests, newest first. */
export const listRequests = (p: PageParams): Promise<Page<TeacherRequest>> =>
  getPage('/api/student/requests', 'requests', requestsPageSchema, p);

export const FIRST_REQUESTS_PAGE: PageParams = FIRST_PAGE;

/** Every page of the list: what an answer to a request changes. */
export const requestsListKey = ['student', 'requests', 'list'] as const;

export const requestsPageQuery = (p: PageParams) =>
  queryOptions({
    queryKey: [...requestsListKey, p] as const,
    queryFn: () => listRequests(p),
    placeholderData: keepPreviousData,
  });

export const useRequestsPage = (p: PageParams) => useQuery(requestsPageQuery(p));
