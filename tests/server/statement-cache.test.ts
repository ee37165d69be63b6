import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createDatabase, withNamedStatements, withStatementCache } from '../../server/db/connect';
import { oneOf } from '../../server/lib/one-of';
import { createPostgresDatabase, createTestApp, DATABASES, registerAndLogin } from './helpers/test-app';

describe('SQLite statements are compiled once per SQL text', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec('create table t (id integer primary key, name text)');
    sqlite.exec("insert into t (name) values ('а'), ('б'), ('в')");
  });
  afterEach(() => sqlite.close());

  it('gives the same compiled statement for the same SQL, whatever the bound values', () => {
    const db = withStatementCache(sqlite);
    const first = db.prepare('select name from t where id = ?');
    const again = db.prepare('select name from t where id = ?');
    expect(again).toBe(first);
    expect(again.all([2])).toEqual([{ name: 'б' }]);
    expect(first.all([3])).toEqual([{ name: 'в' }]);
  });

  it('prepares a fresh statement while the kept one is still being iterated (a streamed export)', () => {
    const db = withStatementCache(sqlite);
    const sql = 'select name from t order by id';
    const rows = db.prepare(sql).iterate([]);
    expect(rows.next().value).toEqual({ name: 'а' });
    const other = db.prepare(sql);
    expect(other.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ name: 'б' }, { name: 'в' }]);
  });

  it('keeps at most the given number, dropping the least recently used', () => {
    const db = withStatementCache(sqlite, 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a);
    db.prepare('select 3');
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
  });

  it('follows a change of the schema (SQLite recompiles a kept statement)', () => {
    const db = withStatementCache(sqlite);
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, name: 'а' }]);
    sqlite.exec('alter table t add column note text');
    expect(db.prepare('select * from t where id = ?').all([1])).toEqual([{ id: 1, name: 'а', note: null }]);
  });
});

describe('PostgreSQL keeps a SELECT prepared by name', () => {
  /** A pool whose one client records what it was asked. */
  function recordingPool() {
    const asked: unknown[] = [];
    let released = 0;
    const client = {
      query: (config: unknown) => {
        asked.push(config);
        return Promise.resolve({ command: 'SELECT', rowCount: 0, rows: [] });
      },
      release: () => void released++,
    };
    const pool = { connect: () => Promise.resolve(client), end: () => Promise.resolve() };
    return { pool: pool as unknown as pg.Pool, asked, released: () => released };
  }
  const nameOf = (config: unknown) => (config as { name?: string }).name;

  it('names a SELECT by its SQL, the same name for the same SQL whatever its values', async () => {
    const { pool, asked, released } = recordingPool();
    const client = await withNamedStatements(pool).connect();
    await client.query('select "name" from "t" where "id" = $1', [1]);
    await client.query('select "name" from "t" where "id" = $1', [2]);
    await client.query('select "id" from "t" where "name" = $1', ['а']);
    client.release();
    expect(asked).toEqual([
      { name: 'ustno_1', text: 'select "name" from "t" where "id" = $1', values: [1] },
      { name: 'ustno_1', text: 'select "name" from "t" where "id" = $1', values: [2] },
      { name: 'ustno_2', text: 'select "id" from "t" where "name" = $1', values: ['а'] },
    ]);
    expect(released()).toBe(1);
  });

  it('leaves unnamed what a kept plan could not serve: writes, select *, lists of values', async () => {
    const { pool, asked } = recordingPool();
    const client = await withNamedStatements(pool).connect();
    for (const sql of [
      'insert into "t" ("name") values ($1)',
      'update "t" set "name" = $1',
      'select * from "t" where "id" = $1',
      'select "t".* from "t" where "id" = $1',
      'select "name" from "t" where "id" in ($1, $2)',
    ]) {
      await client.query(sql, []);
    }
    expect(asked.map(nameOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it('names at most the given number of shapes; later ones run unnamed', async () => {
    const { pool, asked } = recordingPool();
    const client = await withNamedStatements(pool, 2).connect();
    for (const sql of ['select 1', 'select 2', 'select 3', 'select 1']) await client.query(sql, []);
    expect(asked.map(nameOf)).toEqual(['ustno_1', 'ustno_2', undefined, 'ustno_1']);
  });

  it.each(DATABASES.filter((kind) => kind === 'postgres'))(
    'on %s: a named SELECT is parsed once per connection and follows a change of the table',
    async () => {
      const database = await createPostgresDatabase();
      const db = createDatabase({ databaseUrl: database.url, dataDir: '', databasePoolSize: 1 });
      try {
        await sql`create table t (id integer primary key, name text)`.execute(db);
        await sql`insert into t (id, name) values (1, 'а'), (2, 'б')`.execute(db);
        const nameOfId = (id: number) =>
          db
            .selectFrom('t' as never)
            .select('name' as never)
            .where('id' as never, '=', id as never)
            .execute();
        expect(await nameOfId(1)).toEqual([{ name: 'а' }]);
        expect(await nameOfId(2)).toEqual([{ name: 'б' }]);
        const prepared = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(db);
        expect(prepared.rows.map((row) => row.statement)).toContain('select "name" from "t" where "id" = $1');
        // PostgreSQL plans a kept statement anew after the table changed.
        await sql`alter table t add column note text`.execute(db);
        await sql`update t set name = 'в' where id = 2`.execute(db);
        expect(await nameOfId(2)).toEqual([{ name: 'в' }]);
      } finally {
        await db.destroy();
        await database.drop();
      }
    },
  );

  it.each(DATABASES.filter((kind) => kind === 'postgres'))(
    'on %s: DATABASE_PREPARED_STATEMENTS=false sends every query unnamed (a pooler without named statements)',
    async () => {
      const config = loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' });
      expect(config.databasePreparedStatements).toBe(false);
      const database = await createPostgresDatabase();
      const db = createDatabase({
        ...config,
        databaseUrl: database.url,
        dataDir: '',
        databasePoolSize: 1,
      });
      try {
        await sql`select 1 as one`.execute(db);
        await sql`select 1 as one`.execute(db);
        const prepared = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_prepared_statements`.execute(db);
        expect(prepared.rows).toEqual([{ n: 0 }]);
      } finally {
        await db.destroy();
        await database.drop();
      }
    },
  );

  it.each(DATABASES)(
    'on %s: oneOf picks the rows of the ids; on PostgreSQL one statement serves lists of any length',
    async (kind) => {
      const t = await createTestApp(kind);
      const db = t.app.ctx.db;
      try {
        const usernames = (ids: number[]) =>
          db
            .selectFrom('users')
            .select('username')
            .where(oneOf(db, 'id', ids))
            .orderBy('id')
            .execute();
        const a = await registerAndLogin(t.app, 'student');
        const b = await registerAndLogin(t.app, 'teacher');
        expect(await usernames([])).toEqual([]);
        expect(await usernames([-1, -2])).toEqual([]);
        expect(await usernames([b.id, -1, a.id])).toEqual(
          [a, b].sort((x, y) => x.id - y.id).map((u) => ({ username: u.fields.username })),
        );
        if (kind === 'postgres') {
          await usernames([a.id]);
          await usernames([a.id, b.id, -1]);
          const prepared = await sql<{
            statement: string;
          }>`select statement from pg_prepared_statements where statement like '%= any(%'`.execute(db);
          expect(prepared.rows.map((row) => row.statement)).toContain(
            'select "username" from "users" where "id" = any($1) order by "id"',
          );
        }
      } finally {
        await t.close();
      }
    },
  );

  it('is on unless the configuration says otherwise', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'yes' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });
});
