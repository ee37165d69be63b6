import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '../../src/shared/contract/common';
import { foldSearchText } from '../../src/shared/search-text';

export interface Page<T> {
  page: number;
  pages: number;
  items: T[];
}

/**
 * One page of a list: `pages = ceil(total / page_size)`, 0 when empty; a page past the end
 * answers no rows with the true page count. `matching` is the from, joins and where clauses,
 * counted as it is; `rows` adds what the page shows (selection, order, joins only the rows
 * need), so the count and the rows always share one filter.
 */
export async function selectPage<DB, TB extends keyof DB, S, RDB, RTB extends keyof RDB, O>(
  query: PageQuery,
  matching: SelectQueryBuilder<DB, TB, S>,
  rows: (matching: SelectQueryBuilder<DB, TB, S>) => SelectQueryBuilder<RDB, RTB, O>,
): Promise<Page<O>> {
  const counted = await matching
    .clearSelect()
    .select((eb) => eb.fn.countAll().as('n'))
    // Inference cannot see the selection for a generic table; drivers answer a number or a string.
    .$castTo<{ n: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pages = Math.ceil(total / query.page_size);
  const offset = query.page_number * query.page_size;
  const items = offset < total ? await rows(matching).limit(query.page_size).offset(offset).execute() : [];
  return { page: query.page_number, pages, items };
}

/** The same page with each item turned into what the answer shows. */
export function mapPage<T, U>(page: Page<T>, toItem: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map((item) => toItem(item)) };
}

/** `column LIKE %term%` over a folded search column, with LIKE's wildcards escaped. */
export function searchMatches(column: string, term: string): RawBuilder<boolean> {
  const folded = foldSearchText(term.trim()).replace(/[\\%_]/g, (c) => `\\${c}`);
  // No term, no filter: `LIKE '%%'` would still be evaluated on every row (bench/README.md).
  if (folded === '') return sql<boolean>`1 = 1`;
  return sql<boolean>`${sql.ref(column)} like ${`%${folded}%`} escape '\\'`;
}
