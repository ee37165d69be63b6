// Frozen: never import application code here; a migration must mean the same forever.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // A task's questions, in order: JSON [{ text, fileId, answerSeconds }] ([] for a plain task).
  await db.schema
    .alterTable('tasks')
    .addColumn('questions', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // How many times the exam may be taken (null: unlimited) and when (ISO instants, null: no bound).
  await db.schema.alterTable('exams').addColumn('attempts', 'integer').execute();
  await db.schema.alterTable('exams').addColumn('opens_at', 'text').execute();
  await db.schema.alterTable('exams').addColumn('closes_at', 'text').execute();

  // For each task, where each question's answer window began: JSON number[][].
  await db.schema
    .alterTable('recordings')
    .addColumn('question_starts', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // Recorded after the exam closed; stored beyond the exam's attempts. Flags, never refusals.
  await db.schema
    .alterTable('recordings')
    .addColumn('after_close', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('recordings')
    .addColumn('over_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('recordings').dropColumn('over_attempts').execute();
  await db.schema.alterTable('recordings').dropColumn('after_close').execute();
  await db.schema.alterTable('recordings').dropColumn('question_starts').execute();
  await db.schema.alterTable('exams').dropColumn('closes_at').execute();
  await db.schema.alterTable('exams').dropColumn('opens_at').execute();
  await db.schema.alterTable('exams').dropColumn('attempts').execute();
  await db.schema.alterTable('tasks').dropColumn('questions').execute();
}
