import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/types';

/**
 * `column` is one of `ids`. On PostgreSQL `= any($1)`: one parameter whatever the count, so the
 * statement's text is the same for every list and is prepared once per connection (an `in ($1,
 * $2…)` list is a new shape per length, left unnamed: parsed and planned on every request). On
 * SQLite an `in` list (its statements are kept by text in-process). Callers skip empty lists.
 */
export function oneOf(db: Db, column: string, ids: readonly number[]): RawBuilder<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    return sql<boolean>`${sql.ref(column)} = any(${[...ids]})`;
  return sql<boolean>`${sql.ref(column)} in (${sql.join([...ids])})`;
}
