import {
  pageQuerySchema,
  searchPageQuerySchema,
  type PageQuery,
  type SearchPageQuery,
} from '../../src/shared/contract/common';

/**
 * Every searchable list answers at its path (paging only) and at `<path>/search`: routes
 * register the pair from this, typed by the querystring schema of each.
 */
export const LIST_AND_SEARCH = [
  { suffix: '', querystring: pageQuerySchema },
  { suffix: '/search', querystring: searchPageQuerySchema },
] as const;

/** Either route's query as a search: the plain list searches for nothing. */
export const withSearch = (q: PageQuery & { search_string?: string }): SearchPageQuery => ({
  ...q,
  search_string: q.search_string ?? '',
});
