import { DEFAULT_LIST_PAGE_SIZE } from '@/shared/pager';
import type { PagedResult } from './paged-list';
import type { Page, PageParams } from '@/shared/paging';

/** What PagedList needs from a list query's state. */
export function toPagedResult<T>(query: {
  data: Page<T> | undefined;
  isPending: boolean;
  isError: boolean;
  fetchStatus?: 'fetching' | 'paused' | 'idle';
}): PagedResult<T> {
  return {
    items: query.data?.items,
    pages: query.data?.pages,
    isPending: query.isPending,
    isError: query.isError,
    // Offline with nothing saved, the query waits for the network: say so instead of spinning.
    isOffline: query.data === undefined && query.fetchStatus === 'paused',
  };
}

/** The first page at the default size: what a list shows before the user touches it. */
export const FIRST_PAGE: PageParams = { page: 0, pageSize: DEFAULT_LIST_PAGE_SIZE };
