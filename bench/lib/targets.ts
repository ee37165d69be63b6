/**
 * A fresh database for a bench run: SQLite in a temporary data folder, or the PostgreSQL
 * database `bench_ustno` (BENCH_PG_DATABASE) dropped and created anew on BENCH_PG_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres, trust auth).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type DbKind = 'sqlite' | 'postgres';

export interface Target {
  kind: DbKind;
  dataDir: string;
  databaseUrl: string | undefined;
  /** What the server needs in its environment to use this database. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DATABASE = process.env.BENCH_PG_DATABASE ?? 'bench_ustno';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function prepareTarget(kind: DbKind): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-bench-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') {
    return { kind, dataDir, databaseUrl: undefined, env: { DATA_DIR: dataDir }, cleanup: removeDir };
  }
  await adminQuery(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${PG_DATABASE}`);
  const url = new URL(PG_URL);
  url.pathname = `/${PG_DATABASE}`;
  const databaseUrl = url.toString();
  return {
    kind,
    dataDir,
    databaseUrl,
    // With DATABASE_URL the server refuses to start without a JWT_SECRET.
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: crypto.randomBytes(48).toString('base64url'),
    },
    cleanup: async () => {
      await removeDir();
      await adminQuery(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
    },
  };
}
