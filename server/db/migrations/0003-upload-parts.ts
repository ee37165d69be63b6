// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, PostgresAdapter } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Db): Promise<void> {
  const t = db.schema.createTable('upload_parts');
  await (
    isPostgres(db)
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('upload_parts_student_client_part', ['student_id', 'client_id', 'part'])
    .execute();
  await db.schema.createIndex('upload_parts_created').on('upload_parts').column('created_at').execute();

  // Flags a teacher needs to judge an answer: cut short on the device, or sent after the exam
  // stopped being the student's (0/1 like every flag).
  await db.schema
    .alterTable('recordings')
    .addColumn('interrupted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('recordings')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('recordings').dropColumn('late').execute();
  await db.schema.alterTable('recordings').dropColumn('interrupted').execute();
  await db.schema.dropTable('upload_parts').execute();
}
