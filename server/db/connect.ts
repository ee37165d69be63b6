import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './types';

export interface DatabaseTarget {
  /** PostgreSQL connection string; when absent, SQLite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
}

// COUNT(*) and BIGINT come back from PostgreSQL as strings; every count here fits a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

export function createDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.databaseUrl) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: target.databaseUrl, max: 10 }),
      }),
    });
  }
  fs.mkdirSync(target.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(target.dataDir, 'ustno.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export function describeDatabase(target: DatabaseTarget): string {
  if (!target.databaseUrl) return `sqlite:${path.join(target.dataDir, 'ustno.sqlite')}`;
  const url = new URL(target.databaseUrl);
  url.password = url.password ? '***' : '';
  return url.toString();
}
