import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
import type { Pool, PoolClient } from 'pg';
import { createDiskFlusher } from '../lib/disk-flush';
import { closeExistingFile, ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/private-files';
import type { Database } from './types';

export interface DatabaseTarget {
  /** PostgreSQL connection string; when absent, SQLite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL connections kept open (default 20). */
  databasePoolSize?: number;
  /** PostgreSQL: SELECTs prepared by name (default true; see withNamedStatements). */
  databasePreparedStatements?: boolean;
}

export function createDatabase(target: DatabaseTarget): Kysely<Database> {
  if (target.databaseUrl) {
    const { databaseUrl, databasePoolSize: poolSize = 20, databasePreparedStatements: named = true } = target;
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        // The driver loads only where PostgreSQL is used (7 MB of a SQLite server's memory).
        pool: async () => {
          const { default: pg } = await import('pg');
          // COUNT(*) and BIGINT come back as strings; every count here fits a JS number.
          pg.types.setTypeParser(20, (v) => Number(v));
          const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
          return named ? withNamedStatements(pool) : pool;
        },
      }),
    });
  }
  ensurePrivateDir(target.dataDir);
  const file = sqliteFile(target.dataDir);
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

function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'ustno.sqlite');
}

/**
 * Makes the commits made so far survive an operating system crash or a power cut: an answer the
 * device deletes its own copy after (a recording confirmed) must be on the disk before it goes.
 * SQLite runs `synchronous = NORMAL`: a commit reaches the WAL file but waits for no disk flush
 * (fast, and an app crash loses nothing); the WAL file is flushed here, by the file system's
 * threads, off the event loop (a checkpoint flushes the WAL before it copies and empties it, so
 * a commit it took is on the disk already). PostgreSQL's commits wait for the disk themselves.
 */
export function commitFlusher(target: DatabaseTarget): () => Promise<void> {
  if (target.databaseUrl) return () => Promise.resolve();
  const wal = `${sqliteFile(target.dataDir)}-wal`;
  const flusher = createDiskFlusher();
  // No WAL file: the last connection checkpointed and removed it, so all is in the database.
  const flush = () => flusher.file(wal, { missingOk: true });
  // Writes answered at once share flushes: one runs, and all that come meanwhile wait for the next
  // (which starts after their commits), so a class's writes make two flushes at a time, not one each.
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const flushing = flush().finally(() => {
      if (running === flushing) running = null;
    });
    running = flushing;
    return flushing;
  };
  return () => {
    if (running === null) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
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

/** Query shapes PostgreSQL keeps prepared by name (each connection parses a shape once). */
export const NAMED_STATEMENTS_MAX = 500;

const UNNAMED = /^select \*|\.\*| in \(\$/;

/**
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it each time. A SELECT's SQL is
 * the same whatever its values: it gets a name, and the driver parses it once per connection and
 * then only binds and runs it. Unnamed stay: `select *` (a migration changing the table's columns
 * would make the kept plan fail, "cached plan must not change result type"), and lists of values
 * (`in ($1, $2…)`: a shape per length, each kept by every connection). Past the limit new shapes go
 * unnamed.
 */
export function withNamedStatements(pool: Pool, max = NAMED_STATEMENTS_MAX): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    const known = names.get(sql);
    if (known || names.size >= max || !sql.startsWith('select ') || UNNAMED.test(sql)) return known;
    const name = `ustno_${names.size + 1}`;
    names.set(sql, name);
    return name;
  };
  return {
    connect: async () => new NamingClient(await pool.connect(), nameOf),
    end: () => pool.end(),
  };
}

class NamingClient implements PostgresPoolClient {
  constructor(
    private readonly client: PoolClient,
    private readonly nameOf: (sql: string) => string | undefined,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') {
      return (this.client as unknown as { query(cursor: PostgresCursor<R>): PostgresCursor<R> }).query(
        sqlOrCursor,
      );
    }
    const name = this.nameOf(sqlOrCursor);
    return this.client.query({
      name,
      text: sqlOrCursor,
      values: parameters ? [...parameters] : [],
    }) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}

export function describeDatabase(target: DatabaseTarget): string {
  if (!target.databaseUrl) return `sqlite:${path.join(target.dataDir, 'ustno.sqlite')}`;
  const url = new URL(target.databaseUrl);
  url.password = url.password ? '***' : '';
  return url.toString();
}
