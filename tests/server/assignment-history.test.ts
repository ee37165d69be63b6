import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m0008 from '../../server/db/migrations/0008-exam-assignment-history';
import { nowIso } from '../../server/lib/time';
import { createExam, createTask, createVariant, insertRecording } from './helpers/authoring';
import { setupExam, type ExamSetup } from './helpers/recordings';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app';

describe.each(DATABASES)('the exam assignment history on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const history = async () =>
    (
      await t.app.ctx.db
        .selectFrom('exam_assignment_history')
        .select(['exam_id', 'student_id', 'variant_id'])
        .execute()
    ).map((r) => `${r.exam_id}:${r.student_id}:${r.variant_id}`);

  it('migrates what the data shows was given: assignments now, sessions with a variant, on-time answers; never a late one', async () => {
    const { db } = t.app.ctx;
    const task = await createTask(t.app, s.teacher);
    const [sessionVariant, onTimeVariant, lateVariant] = await Promise.all(
      ['Сессия', 'Вовремя', 'Поздно'].map((name) => createVariant(t.app, s.teacher, [task.id], name)),
    );
    const bySession = await createExam(t.app, s.teacher, [s.variant.id], [], 'Сессия');
    const byRecording = await createExam(t.app, s.teacher, [s.variant.id], [], 'Вовремя');
    const byLate = await createExam(t.app, s.teacher, [s.variant.id], [], 'Поздно');
    // As the data of an older version holds them (taken off since, variants changed since).
    await db
      .insertInto('exam_sessions')
      .values({
        exam_id: bySession.id,
        student_id: s.student.id,
        variant_id: sessionVariant.id,
        started_at: nowIso(),
      })
      .execute();
    const onTime = await insertRecording(t.app, {
      examId: byRecording.id,
      studentId: s.student.id,
      name: 'Вовремя',
    });
    await db
      .updateTable('recordings')
      .set({ variant_id: onTimeVariant.id })
      .where('id', '=', onTime)
      .execute();
    const late = await insertRecording(t.app, { examId: byLate.id, studentId: s.student.id, name: 'Поздно' });
    await db
      .updateTable('recordings')
      .set({ variant_id: lateVariant.id, late: 1 })
      .where('id', '=', late)
      .execute();

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration takes any schema
    const raw = db as unknown as Kysely<any>;
    await m0008.down(raw);
    await m0008.up(raw);

    const rows = await history();
    expect(rows).toContain(`${s.exam.id}:${s.student.id}:${s.variant.id}`);
    expect(rows).toContain(`${bySession.id}:${s.student.id}:${sessionVariant.id}`);
    expect(rows).toContain(`${byRecording.id}:${s.student.id}:${onTimeVariant.id}`);
    expect(rows).not.toContain(`${byLate.id}:${s.student.id}:${lateVariant.id}`);
    expect(rows).toHaveLength(3);
  });

  it('grows as the teacher assigns, and keeps what a student was given after they are taken off', async () => {
    const task = await createTask(t.app, s.teacher);
    const second = await createVariant(t.app, s.teacher, [task.id], 'Второй');
    const exam = await createExam(t.app, s.teacher, [s.variant.id], [s.student.id], 'Растет');
    const given = `${exam.id}:${s.student.id}`;
    expect((await history()).filter((r) => r.startsWith(`${given}:`))).toEqual([`${given}:${s.variant.id}`]);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/teacher/exam',
      headers: { authorization: `Bearer ${s.teacher.token}` },
      payload: { id: exam.id, name: 'Растет', variantsID: [second.id], studentsID: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Taken off in the same edit that brought the second variant: never given that one.
    expect((await history()).filter((r) => r.startsWith(`${given}:`))).toEqual([`${given}:${s.variant.id}`]);
  });
});
