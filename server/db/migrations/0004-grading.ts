// Frozen: never import application code here; a migration must mean the same forever.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // A task's criteria as a JSON array of { name, maxPoints }: edited and read as one list.
  await db.schema
    .alterTable('tasks')
    .addColumn('criteria', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // One grade per recording, replaced whole: the scores as JSON (each with the maximum it was
  // given against), the totals for lists, and the client's clock that orders offline replays.
  await db.schema
    .createTable('recording_grades')
    .addColumn('recording_id', 'integer', (c) =>
      c.primaryKey().references('recordings.id').onDelete('cascade'),
    )
    .addColumn('scores', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('max_total', 'integer', (c) => c.notNull())
    .addColumn('graded_at', 'text')
    .addColumn('client_updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('recording_grades').execute();
  await db.schema.alterTable('tasks').dropColumn('criteria').execute();
}
