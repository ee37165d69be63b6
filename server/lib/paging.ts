import { sql, type Compilable, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '../../src/shared/contract/common';
import { foldSearchText } from '../../src/shared/search-text';
import type { Db } from '../db/types';
import { preparedQuery } from './prepared-query';
import { oneOf } from './one-of';

export interface Page<T> {
  page: number;
  pages: number;
  items: T[];
}

export interface PageOptions<DB, TB extends keyof DB> {
  /**
   * What a page of a long list over a versioned table costs is kept while the table's version
   * (bumped by a trigger in every writing transaction, by any instance, see table_versions) has
   * not moved: its count (which walks thousands of rows), its ids (with `pageIds`), and with
   * `keepRows` the page itself (only for rows read from the versioned table alone).
   */
  versioned?: { db: Db; table: 'users'; keepRows?: boolean };
  /**
   * Pick the page's ids first, from the index alone (`id` in `order`), then read only those
   * rows: a deep page then skips index entries instead of whole rows and their joins.
   */
  pageIds?: {
    id: string;
    order: <O>(matching: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>;
  };
}

/** The column that carries the list's total in each row of a page read with it. */
const TOTAL = 'page_total';

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
  const offset = query.page_number * query.page_size;
  const counting = countQuery(matching);
  const pageOf = (total: number, items: O[]): Page<O> => ({
    page: query.page_number,
    pages: Math.ceil(total / query.page_size),
    items,
  });
  const idsOf = (pageIds: NonNullable<PageOptions<DB, TB>['pageIds']>) =>
    pageIds
      .order(matching.clearSelect().select(sql.ref(pageIds.id).as('page_id')))
      .limit(query.page_size)
      .offset(offset);
  const readRows = () => {
    if (!options.pageIds) return rows(matching).limit(query.page_size).offset(offset);
    const ids = idsOf(options.pageIds);
    return rows(matching.where(sql<boolean>`${sql.ref(options.pageIds.id)} in (${ids})`));
  };

  if (options.versioned) {
    const kept = await keptFor(options.versioned.db, options.versioned.table);
    const total = await kept.remember(keyOf('count', counting), async () => countOf(counting));
    if (offset >= total) return pageOf(total, []);
    if (options.versioned.keepRows) {
      const read = readRows();
      return pageOf(total, await kept.remember(keyOf('rows', read), () => read.execute()));
    }
    if (options.pageIds) {
      const idsQuery = idsOf(options.pageIds);
      const ids = await kept.remember(keyOf('ids', idsQuery), async () =>
        (await idsQuery.execute()).map((r) => (r as { page_id: number }).page_id),
      );
      if (ids.length === 0) return pageOf(total, []);
      const byIds = matching.where(oneOf(options.versioned.db, options.pageIds.id, ids));
      return pageOf(total, await rows(byIds).execute());
    }
    return pageOf(total, await readRows().execute());
  }

  if (offset > 0) {
    // A later page is counted first: past the end, its rows are never read.
    const total = await countOf(counting);
    return pageOf(total, offset >= total ? [] : await readRows().execute());
  }
  // The first page (what every list opens on) in one statement: its rows, each carrying the
  // list's total (an uncorrelated subquery, computed once): one round trip instead of two on
  // PostgreSQL. No rows on the first page means an empty list.
  const found = (await readRows()
    .select(sql<number | string | bigint>`(${counting})`.as(TOTAL))
    .execute()) as Array<O & { [TOTAL]?: number | string | bigint }>;
  if (found.length === 0) return pageOf(0, []);
  const total = Number(found[0]![TOTAL]);
  for (const row of found) delete row[TOTAL];
  return pageOf(total, found);
}

function countQuery<DB, TB extends keyof DB, S>(matching: SelectQueryBuilder<DB, TB, S>) {
  return (
    matching
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      // Inference cannot see the selection for a generic table; drivers answer a number or a string.
      .$castTo<{ n: number | string | bigint }>()
  );
}

async function countOf(counting: SelectQueryBuilder<unknown, never, { n: number | string | bigint }>) {
  return Number((await counting.executeTakeFirstOrThrow()).n);
}

function keyOf(kind: string, query: Compilable): string {
  const compiled = query.compile();
  return `${kind}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

// Read on every page of a versioned list: prepared once (see preparedQuery).
const versionOf = preparedQuery((db: Db, table: string) =>
  db.selectFrom('table_versions').select('version').where('name', '=', table),
);

/** What is kept of one versioned table: everything belongs to the version it was read at. */
interface KeptTable {
  version: number;
  entries: Map<string, unknown>;
}

const kept = new WeakMap<object, Map<string, KeptTable>>();
/** Counts, ids and pages kept per table at most (oldest dropped first). */
const KEPT_ENTRIES = 2000;

/**
 * The table's version is read first: what is computed after it may be newer than that version
 * (a write committed in between), which only costs computing it again once the newer version
 * is seen, never a stale answer. A request that read an older version than the one kept
 * neither uses nor stores anything.
 */
async function keptFor(db: Db, table: 'users') {
  const [row] = await versionOf(db, table);
  const version = Number(row?.version ?? Number.NaN);
  let tables = kept.get(db);
  if (!tables) kept.set(db, (tables = new Map()));
  let current = tables.get(table);
  if (!Number.isNaN(version) && (!current || current.version < version)) {
    tables.set(table, (current = { version, entries: new Map() }));
  }
  const usable = current !== undefined && current.version === version ? current.entries : null;
  return {
    async remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
      if (usable?.has(key)) return usable.get(key) as T;
      const value = await compute();
      if (usable) {
        if (usable.size >= KEPT_ENTRIES) usable.delete(usable.keys().next().value!);
        usable.set(key, value);
      }
      return value;
    },
  };
}

/** The same page with each item turned into what the answer shows. */
export function mapPage<T, U>(page: Page<T>, toItem: (item: T) => U): Page<U> {
  return { ...page, items: page.items.map((item) => toItem(item)) };
}

/** `column LIKE %term%` over a folded search column, with LIKE's wildcards escaped. */
export function searchMatches(column: string, term: string): RawBuilder<boolean> {
  // No term, no filter: `LIKE '%%'` would still be evaluated on every row (bench/README.md).
  if (term.trim() === '') return sql<boolean>`1 = 1`;
  const folded = foldSearchText(term.trim()).replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`${sql.ref(column)} like ${`%${folded}%`} escape '\\'`;
}
