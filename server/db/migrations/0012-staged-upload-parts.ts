// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Db): Promise<void> {
  // The parts of one upload may share one stored object (the upload's staging object), each at
  // its own byte offset; null: the part is an object of its own. So a key is no longer unique.
  if (isPostgres(db)) {
    await sql`alter table upload_parts drop constraint upload_parts_storage_key_key`.execute(db);
    await db.schema.alterTable('upload_parts').addColumn('byte_offset', 'integer').execute();
    return;
  }
  // SQLite cannot drop a column's unique constraint: the table is made again without it.
  await db.schema
    .createTable('upload_parts_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('byte_offset', 'integer')
    .execute();
  await sql`insert into upload_parts_next (id, student_id, client_id, part, size, storage_key, created_at)
    select id, student_id, client_id, part, size, storage_key, created_at from upload_parts`.execute(db);
  await db.schema.dropTable('upload_parts').execute();
  await db.schema.alterTable('upload_parts_next').renameTo('upload_parts').execute();
  await db.schema
    .createIndex('upload_parts_student_client_part')
    .on('upload_parts')
    .columns(['student_id', 'client_id', 'part'])
    .unique()
    .execute();
  await db.schema.createIndex('upload_parts_created').on('upload_parts').column('created_at').execute();
}

export async function down(db: Db): Promise<void> {
  // Parts sharing an object cannot go back to one object each: unfinished uploads start again.
  await db.deleteFrom('upload_parts').where('byte_offset', 'is not', null).execute();
  if (isPostgres(db)) {
    await db.schema.alterTable('upload_parts').dropColumn('byte_offset').execute();
    await sql`alter table upload_parts add constraint upload_parts_storage_key_key unique (storage_key)`.execute(
      db,
    );
    return;
  }
  await db.schema.alterTable('upload_parts').dropColumn('byte_offset').execute();
  await db.schema
    .createIndex('upload_parts_storage_key')
    .on('upload_parts')
    .column('storage_key')
    .unique()
    .execute();
}
