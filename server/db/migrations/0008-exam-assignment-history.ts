// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Every variant a student was ever given in an exam: the student assigned while the variant was
  // in it. An answer is taken only for such a triple (late when it is not so any more), so a
  // student never reaches an exam, or a variant's tasks, that was not given to them. The variant
  // has no foreign key: a deleted variant's triple stays, and its answer is refused as such.
  await db.schema
    .createTable('exam_assignment_history')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_assignment_history_pk', ['exam_id', 'student_id', 'variant_id'])
    .execute();
  await db.schema
    .createIndex('exam_assignment_history_student')
    .on('exam_assignment_history')
    .column('student_id')
    .execute();

  const now = new Date().toISOString();
  // What is given now.
  await sql`insert into exam_assignment_history (exam_id, student_id, variant_id, first_at)
    select s.exam_id, s.student_id, v.variant_id, ${now}
    from exam_students s join exam_variants v on v.exam_id = s.exam_id
    where true
    on conflict do nothing`.execute(db);
  // What was given before, as far as the data shows it: a session started with a variant (only
  // of an assigned exam and one of its variants), a recording that arrived on time.
  await sql`insert into exam_assignment_history (exam_id, student_id, variant_id, first_at)
    select exam_id, student_id, variant_id, min(started_at)
    from exam_sessions
    where variant_id is not null and exam_id in (select id from exams)
    group by exam_id, student_id, variant_id
    on conflict do nothing`.execute(db);
  await sql`insert into exam_assignment_history (exam_id, student_id, variant_id, first_at)
    select exam_id, student_id, variant_id, min(created_at)
    from recordings
    where late = 0 and variant_id is not null
    group by exam_id, student_id, variant_id
    on conflict do nothing`.execute(db);
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('exam_assignment_history').execute();
}
