// Frozen: never import application code here; a migration must mean the same forever.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Raised by a password change or reset: access tokens carrying an older version are refused.
  await db.schema
    .alterTable('users')
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Login throttling counters shared by every instance: one row per key (an address, an account
  // from an address, an account anywhere), counted within a fixed window.
  await db.schema
    .createTable('login_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttles_window_start')
    .on('login_throttles')
    .column('window_start')
    .execute();
  await db.schema.createIndex('refresh_tokens_expires').on('refresh_tokens').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_expires').execute();
  await db.schema.dropTable('login_throttles').execute();
  await db.schema.alterTable('users').dropColumn('token_version').execute();
}
