// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // The account a resumable upload belongs to, from its first part or status call: the key makes
  // the first account win on both databases, and any other is refused (two students, one device).
  await db.schema
    .createTable('upload_owners')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_owners_student').on('upload_owners').column('student_id').execute();
  await db.schema.createIndex('upload_owners_created').on('upload_owners').column('created_at').execute();

  // When an edit was made by the server's reckoning (the device's clock corrected by its offset,
  // never later than the arrival): edits apply in this order, whatever the devices' clocks say.
  await db.schema
    .alterTable('recording_grades')
    .addColumn('edited_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // A stored grade was ordered by the device's clock alone: capped now at its arrival.
  await sql`update recording_grades set edited_at = case when client_updated_at < updated_at
    then client_updated_at else updated_at end`.execute(db);

  // Null until the comment is first edited: any edit follows its creation.
  await db.schema.alterTable('comments').addColumn('edited_at', 'text').execute();
  await sql`update comments set edited_at = updated_at where updated_at <> created_at`.execute(db);

  // A deleted comment's clientId, so that a replayed create of it does not bring it back.
  await db.schema
    .createTable('comment_tombstones')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('recording_id', 'integer', (c) => c.notNull().references('recordings.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_tombstones_recording')
    .on('comment_tombstones')
    .column('recording_id')
    .execute();
  await db.schema
    .createIndex('comment_tombstones_author')
    .on('comment_tombstones')
    .column('author_id')
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('comment_tombstones').execute();
  await db.schema.alterTable('comments').dropColumn('edited_at').execute();
  await db.schema.alterTable('recording_grades').dropColumn('edited_at').execute();
  await db.schema.dropTable('upload_owners').execute();
}
