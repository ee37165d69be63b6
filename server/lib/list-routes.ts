import {
  pageQuerySchema,
  searchPageQuerySchema,
  type PageQuery,
  type SearchPageQuery,
} from '../../src/shared/contract/common';

/**
 * Every searchable list answers at its path (paging only) and at `<path>/search`. Routes
 * register the pair from this, each path written out where it is registered (so a search for
 * a path finds its route), typed by the querystring schema of each.
 */
export function listAndSearch<L extends string, S extends `${L}/search`>(list: L, search: S) {
  return [
    { url: list, querystring: pageQuerySchema },
    { url: search, querystring: searchPageQuerySchema },
  ] as const;
}

/** Either route's query as a search: the plain list searches for nothing. */
export const withSearch = (q: PageQuery & { search_string?: string }): SearchPageQuery => ({
  ...q,
  search_string: q.search_string ?? '',
});
