import { sql, type RawBuilder } from 'kysely';
import type { PageQuery } from '../../src/shared/contract/common';
import { foldSearchText } from '../../src/shared/search-text';

export interface Page<T> {
  page: number;
  pages: number;
  items: T[];
}

/**
 * One page of a list: `pages = ceil(total / page_size)`, 0 when empty; a page past the end
 * answers no rows with the true page count.
 */
export async function paginate<T>(
  query: PageQuery,
  count: () => Promise<number>,
  fetch: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count();
  const pages = Math.ceil(total / query.page_size);
  const offset = query.page_number * query.page_size;
  const items = offset < total ? await fetch(query.page_size, offset) : [];
  return { page: query.page_number, pages, items };
}

/** `column LIKE %term%` over a folded search column, with LIKE's wildcards escaped. */
export function searchMatches(column: string, term: string): RawBuilder<boolean> {
  const folded = foldSearchText(term.trim()).replace(/[\\%_]/g, (c) => `\\${c}`);
  // No term, no filter: `LIKE '%%'` would still be evaluated on every row (bench/README.md).
  if (folded === '') return sql<boolean>`1 = 1`;
  return sql<boolean>`${sql.ref(column)} like ${`%${folded}%`} escape '\\'`;
}
