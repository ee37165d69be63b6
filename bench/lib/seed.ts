/**
 * The bench data set, inserted in bulk straight into the database (one password hash computed
 * once and shared, no argon2 per account): 1 admin, 500 teachers, 10 000 students each linked to
 * one teacher (20 per teacher), 10 tasks, 10 variants and 10 exams per teacher (5 000 each), each
 * exam assigned to its teacher's 20 students with one recording each (100 000 recordings,
 * metadata only), 10 logins per student and 20 per teacher.
 */
import { type Insertable, type Kysely, sql } from 'kysely';
import { createDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/types';
import { hashPassword } from '../../server/lib/passwords';
import { profileColumns } from '../../server/modules/users/repository';
import { searchColumn } from '../../src/shared/search-text';
import type { Target } from './targets';

export const PASSWORD = 'Ustno-bench-pass-1';
export const ADMIN_USERNAME = 'bench-admin';
export const TEACHERS = 500;
export const STUDENTS = 10_000;
export const PER_TEACHER = 10;
export const STUDENTS_PER_TEACHER = STUDENTS / TEACHERS;

const SURNAMES = [
  'Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков',
  'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов',
  'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв',
  'Борисов', 'Яковлев', 'Ёлкин', 'Белкин', 'Григорьев', 'Романов', 'Воробьёв', 'Сергеев', 'Кириллов',
]; // prettier-ignore
const NAMES = [
  'Александр', 'Дмитрий', 'Максим', 'Сергей', 'Андрей', 'Алексей', 'Артём', 'Илья', 'Кирилл', 'Михаил',
  'Анна', 'Мария', 'Елена', 'Дарья', 'Алёна', 'Ирина', 'Екатерина', 'Арина', 'Полина', 'Ольга',
]; // prettier-ignore
const PATRONYMICS = ['Иванович', 'Петрович', 'Сергеевич', 'Андреевич', 'Фёдорович', 'Олегович', ''];
const SUBJECTS = ['Английский', 'Немецкий', 'Французский', 'Китайский', 'Испанский'];

/** Ids are assigned in insertion order on a fresh database: admin 1, teachers, then students. */
export const teacherId = (t: number) => 2 + t;
export const studentId = (s: number) => 2 + TEACHERS + s;
export const examId = (t: number, e: number) => 1 + t * PER_TEACHER + e;
/** One variant per exam, seeded with the exam's id. */
export const variantId = (t: number, e: number) => examId(t, e);
export const studentUsername = (s: number) => `student${s}`;
export const teacherUsername = (t: number) => `teacher${t}`;

async function insertAll<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Array<Insertable<Database[T]>>,
): Promise<void> {
  // Under SQLite's 32 766 bound parameters and PostgreSQL's 65 535.
  const columns = rows.length ? Object.keys(rows[0]!).length : 1;
  const size = Math.max(1, Math.floor(30_000 / columns));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += size) {
      await trx
        .insertInto(table)
        // The generic table hides the row type from Kysely; callers pass that table's rows.
        .values(rows.slice(i, i + size) as never)
        .execute();
    }
  });
}

function person(n: number, username: string, email: string) {
  return profileColumns({
    username,
    email,
    surname: SURNAMES[n % SURNAMES.length]!,
    name: NAMES[Math.floor(n / SURNAMES.length) % NAMES.length]!,
    patronymic: PATRONYMICS[n % PATRONYMICS.length]!,
  });
}

export interface Seeded {
  seconds: number;
  counts: Record<string, number>;
}

export async function seed(target: Target): Promise<Seeded> {
  const started = performance.now();
  const db = createDatabase(target);
  try {
    await migrateToLatest(db);
    const hash = await hashPassword(PASSWORD);
    const at = (minutesAgo: number) => new Date(Date.UTC(2026, 8, 1) - minutesAgo * 60_000).toISOString();
    const account = (role: 'ADMIN' | 'TEACHER' | 'STUDENT', n: number, username: string) => ({
      role,
      ...person(n, username, `${username}@bench.local`),
      password_hash: hash,
      created_at: at(n),
      updated_at: at(n),
    });

    await insertAll(db, 'users', [
      account('ADMIN', 0, ADMIN_USERNAME),
      ...Array.from({ length: TEACHERS }, (_, t) => account('TEACHER', t + 7, teacherUsername(t))),
      ...Array.from({ length: STUDENTS }, (_, s) => account('STUDENT', s, studentUsername(s))),
    ]);
    const teacherOf = (s: number) => s % TEACHERS;
    const studentsOf = (t: number) =>
      Array.from({ length: STUDENTS_PER_TEACHER }, (_, k) => t + k * TEACHERS);

    await insertAll(
      db,
      'teacher_students',
      Array.from({ length: STUDENTS }, (_, s) => ({
        teacher_id: teacherId(teacherOf(s)),
        student_id: studentId(s),
        status: 'accepted' as const,
        created_at: at(s),
        accepted_at: at(s),
      })),
    );

    const named = (t: number, i: number, kind: string) => {
      const name = `${kind} ${i + 1}: ${SUBJECTS[(t + i) % SUBJECTS.length]}, ${SURNAMES[i % SURNAMES.length]}`;
      return {
        teacher_id: teacherId(t),
        name,
        search: searchColumn(name),
        created_at: at(i),
        updated_at: at(i),
      };
    };
    const perTeacher = <T>(make: (t: number, i: number) => T) =>
      Array.from({ length: TEACHERS * PER_TEACHER }, (_, n) =>
        make(Math.floor(n / PER_TEACHER), n % PER_TEACHER),
      );

    await insertAll(
      db,
      'tasks',
      perTeacher((t, i) => ({
        ...named(t, i, 'Задание'),
        text: '<p>Расскажите о себе.</p>',
        type: 'TEXT_TASK' as const,
        duration: 60,
        preparation_duration: 30,
      })),
    );
    await insertAll(
      db,
      'variants',
      perTeacher((t, i) => named(t, i, 'Вариант')),
    );
    await insertAll(
      db,
      'exams',
      perTeacher((t, i) => named(t, i, 'Экзамен')),
    );
    await insertAll(
      db,
      'exam_variants',
      perTeacher((t, e) => ({ exam_id: examId(t, e), variant_id: variantId(t, e), position: 0 })),
    );
    const assignments = perTeacher((t, e) => studentsOf(t).map((s) => ({ t, e, s }))).flat();
    await insertAll(
      db,
      'exam_students',
      assignments.map(({ t, e, s }) => ({ exam_id: examId(t, e), student_id: studentId(s) })),
    );
    await insertAll(
      db,
      'recordings',
      assignments.map(({ t, e, s }, n) => {
        const name = `Экзамен ${e + 1}, ${SURNAMES[s % SURNAMES.length]} ${NAMES[Math.floor(s / SURNAMES.length) % NAMES.length]}`;
        return {
          client_id: `bench-${n}`,
          exam_id: examId(t, e),
          student_id: studentId(s),
          name,
          search: searchColumn(name),
          mime: 'audio/webm',
          size: 4 * 1024 * 1024,
          duration: 120,
          storage_key: `bench/${n}`,
          created_at: at(n),
        };
      }),
    );
    await insertAll(db, 'login_events', [
      ...Array.from({ length: STUDENTS * 10 }, (_, n) => ({
        user_id: studentId(n % STUDENTS),
        address: '127.0.0.1',
        created_at: at(n),
      })),
      ...Array.from({ length: TEACHERS * 20 }, (_, n) => ({
        user_id: teacherId(n % TEACHERS),
        address: '127.0.0.1',
        created_at: at(n),
      })),
    ]);
    // Fresh planner statistics and visibility map, as autovacuum would leave them minutes after a
    // bulk load (PostgreSQL's index-only scans read the table for every page not marked visible).
    await sql.raw(target.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db);
    return {
      seconds: (performance.now() - started) / 1000,
      counts: {
        users: 1 + TEACHERS + STUDENTS,
        exams: TEACHERS * PER_TEACHER,
        tasks: TEACHERS * PER_TEACHER,
        variants: TEACHERS * PER_TEACHER,
        exam_students: assignments.length,
        recordings: assignments.length,
        login_events: STUDENTS * 10 + TEACHERS * 20,
      },
    };
  } finally {
    await db.destroy();
  }
}
