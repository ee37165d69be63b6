// Frozen: never import application code here; a migration must mean the same forever.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // When the session's password login happened, passed on by every rotation (the access tokens
  // carry it as `auth_time`); null for sessions older than this column: never a recent login.
  await db.schema.alterTable('refresh_tokens').addColumn('auth_time', 'text').execute();

  // One row per account past its failure limit: the next password check of that account may
  // start at `next_at`; while a check runs, `in_flight` is 1 and `next_at` the end of its lease.
  await db.schema
    .createTable('login_slots')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('in_flight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('login_slots_next_at').on('login_slots').column('next_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('login_slots').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('auth_time').execute();
}
