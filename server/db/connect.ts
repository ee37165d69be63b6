import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import { closeExistingFile, ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';
import type { Database } from './types';

export interface DatabaseTarget {
  /** PostgreSQL connection string; when absent, SQLite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL connections kept open (default 20). */
  databasePoolSize?: number;
}

export function createDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.databaseUrl) {
    const { databaseUrl, databasePoolSize: poolSize = 20 } = target;
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        // The driver loads only where PostgreSQL is used (7 MB of a SQLite server's memory).
        pool: async () => {
          const { default: pg } = await import('pg');
          // COUNT(*) and BIGINT come back as strings; every count here fits a JS number.
          pg.types.setTypeParser(20, (v) => Number(v));
          return new pg.Pool({ connectionString: databaseUrl, max: poolSize });
        },
      }),
    });
  }
  ensurePrivateDir(target.dataDir);
  const file = path.join(target.dataDir, 'ustno.sqlite');
  // SQLite creates its -wal, -shm and journal files with the database file's mode: a database
  // created (or closed, as older versions left it) 0600 keeps all of them to the app's user.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm', '-journal']) closeExistingFile(`${file}${suffix}`);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Compiled statements kept per SQL text (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely asks better-sqlite3 to prepare every query anew, and compiling the SQL cost as much as
 * running a short list's query (`npm run bench -- lists --cpu-prof`). The SQL of a query shape is
 * the same whatever its values (they are bound), so its compiled statement is kept and reused. A
 * statement still being iterated (a streamed export) is busy: a fresh one is prepared then.
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const kept = statements.get(sql);
      if (kept?.busy) return sqlite.prepare(sql);
      if (kept) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
}

export function describeDatabase(target: DatabaseTarget): string {
  if (!target.databaseUrl) return `sqlite:${path.join(target.dataDir, 'ustno.sqlite')}`;
  const url = new URL(target.databaseUrl);
  url.password = url.password ? '***' : '';
  return url.toString();
}
