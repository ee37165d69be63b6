// Frozen: never import application code here; a migration must mean the same forever.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Each list's filter then its whole order (the id breaks ties), so that a page is read in index
 * order and a deep page skips index entries only; replaces the indexes that lacked the tie-break.
 */
const LIST_INDEXES: Array<{ name: string; table: string; columns: string[]; replaces?: string }> = [
  { name: 'users_role_search_id', table: 'users', columns: ['role', 'search', 'id'], replaces: 'users_role_search' },
  { name: 'tasks_teacher_search_id', table: 'tasks', columns: ['teacher_id', 'search', 'id'], replaces: 'tasks_teacher_search' },
  {
    name: 'variants_teacher_search_id',
    table: 'variants',
    columns: ['teacher_id', 'search', 'id'],
    replaces: 'variants_teacher_search',
  },
  { name: 'exams_teacher_search_id', table: 'exams', columns: ['teacher_id', 'search', 'id'], replaces: 'exams_teacher_search' },
  { name: 'files_teacher_search_id', table: 'files', columns: ['teacher_id', 'search', 'id'], replaces: 'files_teacher_search' },
  {
    name: 'recordings_student_created_id',
    table: 'recordings',
    columns: ['student_id', 'created_at', 'id'],
    replaces: 'recordings_student_created',
  },
  {
    name: 'recordings_exam_created_id',
    table: 'recordings',
    columns: ['exam_id', 'created_at', 'id'],
    replaces: 'recordings_exam_created',
  },
  {
    name: 'login_events_user_created_id',
    table: 'login_events',
    columns: ['user_id', 'created_at', 'id'],
    replaces: 'login_events_user_created',
  },
  { name: 'teacher_students_teacher_status', table: 'teacher_students', columns: ['teacher_id', 'status', 'student_id'] },
  { name: 'exam_students_student_exam', table: 'exam_students', columns: ['student_id', 'exam_id'], replaces: 'exam_students_student' },
]; // prettier-ignore

export async function up(db: Db): Promise<void> {
  for (const index of LIST_INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    if (index.replaces) await db.schema.dropIndex(index.replaces).ifExists().execute();
  }

  // A counter per table, bumped by the database itself in the writing transaction (so by every
  // writer, on every server instance): a server may keep what it derived from the table (a
  // list's row count) as long as the counter has not moved.
  await db.schema
    .createTable('table_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('table_versions').values({ name: 'users', version: 0 }).execute();

  if (isPostgres(db)) {
    await sql`
      create function bump_table_version() returns trigger language plpgsql as $$
      begin
        update table_versions set version = version + 1 where name = TG_TABLE_NAME;
        return null;
      end $$`.execute(db);
    await sql`
      create trigger users_bump_version after insert or update or delete or truncate on users
      for each statement execute function bump_table_version()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger users_bump_version_${event} after ${event} on users begin ` +
            `update table_versions set version = version + 1 where name = 'users'; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists users_bump_version on users`.execute(db);
    await sql`drop function if exists bump_table_version()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists users_bump_version_${event}`).execute(db);
    }
  }
  await db.schema.dropTable('table_versions').ifExists().execute();
  for (const index of [...LIST_INDEXES].reverse()) {
    if (index.replaces) {
      await db.schema
        .createIndex(index.replaces)
        .on(index.table)
        .columns(index.columns.slice(0, -1))
        .execute();
    }
    await db.schema.dropIndex(index.name).ifExists().execute();
  }
}
