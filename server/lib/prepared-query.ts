import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from '../db/types';

/**
 * A query of one fixed shape, built and compiled once per database and afterwards only given
 * its values: kysely spends some 25 µs building and compiling a query, which a query run on
 * every request (the account check) would spend again each time. `build` must use each argument
 * as a value only (never to choose the query's shape); each value must be one of its arguments.
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: Db, ...args: A) => Compilable<R>,
): (db: Db, ...args: A) => Promise<R[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db, ...args) => {
    let entry = compiled.get(db);
    if (!entry) {
      // Each argument as a mark of its own, to find where the compiled query binds it.
      const marks = args.map((_, i) => Symbol(`argument ${i}`));
      const query = build(db, ...(marks as unknown as A)).compile();
      const slots = query.parameters.map((value) => marks.indexOf(value as symbol));
      if (slots.includes(-1))
        throw new Error('a prepared query binds a value that is not one of its arguments');
      compiled.set(db, (entry = { query, slots }));
    }
    const { query, slots } = entry;
    const result = await db.executeQuery<R>({ ...query, parameters: slots.map((i) => args[i]) });
    return result.rows;
  };
}
