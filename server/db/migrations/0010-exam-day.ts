// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, PostgresAdapter } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Db): Promise<void> {
  // Where each attempt at an exam stands, as its device last reported it: one row per recording
  // (its clientId) of a student in an exam. device_at is the report's time by the device's clock
  // corrected by its offset (never later than its arrival): an older report never overwrites a
  // newer one. refused_reason is the server's final refusal of that recording's upload.
  await db.schema
    .createTable('exam_progress')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    // No foreign key: a deleted variant leaves the report as it was.
    .addColumn('variant_id', 'integer')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('task', 'integer')
    .addColumn('question', 'integer')
    .addColumn('pending_bytes', 'integer')
    .addColumn('device_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('refused_reason', 'text')
    .addColumn('refused_at', 'text')
    .addPrimaryKeyConstraint('exam_progress_pk', ['exam_id', 'student_id', 'client_id'])
    .execute();

  // That an exam's progress changed, for the instances that poll the database (no Redis): each
  // reads the rows after the last it saw. Rows are short-lived (pruned after minutes).
  const events = db.schema.createTable('exam_progress_events');
  await (
    isPostgres(db)
      ? events.addColumn('id', 'serial', (c) => c.primaryKey())
      : events.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('exam_id', 'integer', (c) => c.notNull())
    // The instance that wrote it (it told its own streams at once).
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_progress_events_at').on('exam_progress_events').column('at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('exam_progress_events').execute();
  await db.schema.dropTable('exam_progress').execute();
}
