// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, PostgresAdapter } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Db): Promise<void> {
  // A comment's spoken part: at most one a comment. Its own row, so a replaced voice has a new id
  // and so a new address: the content behind one media address never changes (devices cache it by
  // path). Its stored object is removed by the code that deletes the row or its comment.
  const voices = db.schema.createTable('comment_voices');
  await (
    isPostgres(db)
      ? voices.addColumn('id', 'serial', (c) => c.primaryKey())
      : voices.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('comment_id', 'integer', (c) =>
      c.notNull().unique().references('comments.id').onDelete('cascade'),
    )
    .addColumn('voice_key', 'text', (c) => c.notNull())
    .addColumn('voice_mime', 'text', (c) => c.notNull())
    .addColumn('voice_size', 'integer', (c) => c.notNull())
    // Seconds, as the recording device measured them.
    .addColumn('voice_duration', 'real', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // A task's model answer, shown to a student once their recording is checked: an audio file of
  // the teacher's library (cleared when the file is deleted, like a question's audio) and/or
  // sanitised rich text. No foreign key: the file's delete clears it in its transaction.
  await db.schema.alterTable('tasks').addColumn('model_answer_file_id', 'integer').execute();
  await db.schema.alterTable('tasks').addColumn('model_answer_text', 'text').execute();
  await db.schema.createIndex('tasks_model_answer_file').on('tasks').column('model_answer_file_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('tasks_model_answer_file').execute();
  await db.schema.alterTable('tasks').dropColumn('model_answer_text').execute();
  await db.schema.alterTable('tasks').dropColumn('model_answer_file_id').execute();
  await db.schema.dropTable('comment_voices').execute();
}
