import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../server/db/connect';

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
