import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '../../src/shared/contract/common';
import { foldSearchText } from '../../src/shared/search-text';
import type { Db } from '../db/types';

export interface Page<T> {
  page: number;
  pages: number;
  items: T[];
}

export interface PageOptions<DB, TB extends keyof DB> {
  /**
   * Keep the count while the table's version (bumped by a trigger in every writing transaction,
   * see table_versions) has not moved: for long lists whose count walks thousands of rows.
   */
  countCache?: { db: Db; table: 'users' };
  /**
   * Pick the page's ids first, from the index alone (`id` in `order`), then read only those
   * rows: a deep page then skips index entries instead of whole rows and their joins.
   */
  pageIds?: {
    id: string;
    order: <O>(matching: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>;
  };
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
  options: PageOptions<DB, TB> = {},
): Promise<Page<O>> {
  const total = await countRows(matching, options.countCache);
  const pages = Math.ceil(total / query.page_size);
  const offset = query.page_number * query.page_size;
  if (offset >= total) return { page: query.page_number, pages, items: [] };
  let items: O[];
  if (options.pageIds) {
    const { id, order } = options.pageIds;
    const ids = order(matching.clearSelect().select(sql.ref(id).as('page_id')))
      .limit(query.page_size)
      .offset(offset);
    items = await rows(matching.where(sql<boolean>`${sql.ref(id)} in (${ids})`)).execute();
  } else {
    items = await rows(matching).limit(query.page_size).offset(offset).execute();
  }
  return { page: query.page_number, pages, items };
}

type CountCacheEntry = { version: number; n: number };
const countCaches = new WeakMap<object, Map<string, CountCacheEntry>>();
const COUNT_CACHE_SIZE = 2000;

async function countRows<DB, TB extends keyof DB, S>(
  matching: SelectQueryBuilder<DB, TB, S>,
  cache: PageOptions<DB, TB>['countCache'],
): Promise<number> {
  const counting = matching
    .clearSelect()
    .select((eb) => eb.fn.countAll().as('n'))
    // Inference cannot see the selection for a generic table; drivers answer a number or a string.
    .$castTo<{ n: number | string | bigint }>();
  if (!cache) return Number((await counting.executeTakeFirstOrThrow()).n);

  // The version is read before the count: a write committed in between makes the stored
  // version older than the count, which only costs a recount, never a stale answer.
  const row = await cache.db
    .selectFrom('table_versions')
    .select('version')
    .where('name', '=', cache.table)
    .executeTakeFirst();
  const version = Number(row?.version ?? Number.NaN);
  const compiled = counting.compile();
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  let entries = countCaches.get(cache.db);
  if (!entries) countCaches.set(cache.db, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && hit.version === version) return hit.n;
  const n = Number((await counting.executeTakeFirstOrThrow()).n);
  entries.delete(key);
  if (entries.size >= COUNT_CACHE_SIZE) entries.delete(entries.keys().next().value!);
  if (!Number.isNaN(version)) entries.set(key, { version, n });
  return n;
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
