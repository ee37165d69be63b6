// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, PostgresAdapter, sql, type CreateTableBuilder } from 'kysely';

// Both databases store timestamps as ISO-8601 UTC text and booleans as 0/1 integers, so the
// repositories read the same shapes from either; search columns compare bytewise ("C") on both.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function withId<T extends string>(db: Db, table: T): CreateTableBuilder<T, 'id'> {
  const t = db.schema.createTable(table);
  return isPostgres(db)
    ? t.addColumn('id', 'serial', (c) => c.primaryKey())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function searchColumn(db: Db) {
  return isPostgres(db) ? sql`text collate "C"` : sql`text`;
}

export async function up(db: Db): Promise<void> {
  const search = searchColumn(db);

  await withId(db, 'users')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('surname', 'text', (c) => c.notNull())
    .addColumn('patronymic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inform_about_exam_completion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search', search, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role_search').on('users').columns(['role', 'search']).execute();

  await withId(db, 'refresh_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('replaced_by_id', 'integer')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await withId(db, 'login_events')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_events_user_created')
    .on('login_events')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('login_events_created').on('login_events').column('created_at').execute();

  await withId(db, 'login_failures')
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_username')
    .on('login_failures')
    .columns(['username_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_address')
    .on('login_failures')
    .columns(['address', 'created_at'])
    .execute();

  await withId(db, 'recovery_attempts')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('recovery_attempts_user_created')
    .on('recovery_attempts')
    .columns(['user_id', 'created_at'])
    .execute();

  await withId(db, 'teacher_students')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addUniqueConstraint('teacher_students_pair', ['teacher_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('teacher_students_student')
    .on('teacher_students')
    .columns(['student_id', 'status'])
    .execute();

  await withId(db, 'files')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search', search, (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_teacher_search').on('files').columns(['teacher_id', 'search']).execute();

  await withId(db, 'tasks')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search', search, (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('preparation_duration', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_teacher_search').on('tasks').columns(['teacher_id', 'search']).execute();

  await db.schema
    .createTable('task_files')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_files_pk', ['task_id', 'file_id'])
    .execute();
  await db.schema.createIndex('task_files_file').on('task_files').column('file_id').execute();

  await withId(db, 'variants')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search', search, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('variants_teacher_search')
    .on('variants')
    .columns(['teacher_id', 'search'])
    .execute();

  await withId(db, 'variant_tasks')
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id'))
    .addColumn('sequence_number', 'integer', (c) => c.notNull())
    .addUniqueConstraint('variant_tasks_seq', ['variant_id', 'sequence_number'])
    .execute();
  await db.schema.createIndex('variant_tasks_task').on('variant_tasks').column('task_id').execute();

  await withId(db, 'exams')
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search', search, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exams_teacher_search').on('exams').columns(['teacher_id', 'search']).execute();

  await db.schema
    .createTable('exam_variants')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_variants_pk', ['exam_id', 'variant_id'])
    .execute();
  await db.schema.createIndex('exam_variants_variant').on('exam_variants').column('variant_id').execute();

  await db.schema
    .createTable('exam_students')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('exam_students_pk', ['exam_id', 'student_id'])
    .execute();
  await db.schema.createIndex('exam_students_student').on('exam_students').column('student_id').execute();

  await withId(db, 'exam_sessions')
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.references('variants.id').onDelete('set null'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema
    .createIndex('exam_sessions_exam_student')
    .on('exam_sessions')
    .columns(['exam_id', 'student_id'])
    .execute();

  await withId(db, 'recordings')
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    .addColumn('exam_id', 'integer', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('exam_sessions.id').onDelete('set null'))
    .addColumn('variant_id', 'integer', (c) => c.references('variants.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search', search, (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('duration', 'real', (c) => c.notNull())
    .addColumn('task_starts', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('peaks', 'text')
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('recordings_exam_created')
    .on('recordings')
    .columns(['exam_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('recordings_student_created')
    .on('recordings')
    .columns(['student_id', 'created_at'])
    .execute();

  await withId(db, 'comments')
    .addColumn('recording_id', 'integer', (c) => c.notNull().references('recordings.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('start_seconds', 'real', (c) => c.notNull())
    .addColumn('end_seconds', 'real', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_recording')
    .on('comments')
    .columns(['recording_id', 'start_seconds'])
    .execute();

  // Mail that could not be handed over yet (completion notices); retried with backoff.
  await withId(db, 'mail_queue')
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_queue_pending')
    .on('mail_queue')
    .columns(['sent_at', 'next_attempt_at'])
    .execute();

  // Settings the server generates once and every instance must share (the JWT secret).
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'app_settings',
    'mail_queue',
    'comments',
    'recordings',
    'exam_sessions',
    'exam_students',
    'exam_variants',
    'exams',
    'variant_tasks',
    'variants',
    'task_files',
    'tasks',
    'files',
    'teacher_students',
    'recovery_attempts',
    'login_failures',
    'login_events',
    'refresh_tokens',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
