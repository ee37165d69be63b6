import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statisticsPageSchema } from '@/shared/contract/review';
import { ENV, progressOf, reportOk, rowOf, setupClass, variantNotInExam } from './helpers/exam-day';
import { uploadMultipartRecording, validFields } from './helpers/recordings';
import { as, createTestApp, DATABASES, type TestApp } from './helpers/test-app';

// Issue 23.4: the statistics and scores.csv say where each student's answer stands on the exam
// day, in the progress view's states.

/** The CSV's rows as cells: `;` between them, a quoted cell's `""` read as `"` (the BOM checked and dropped). */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) =>
      [...line.matchAll(/(?:^|;)("(?:[^"]|"")*"|[^;]*)/g)].map(([, cell]) =>
        cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell,
      ),
    );
}

describe.each(DATABASES)('the exam day in the statistics and scores.csv on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, ENV);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows each student’s state beside the flags, a refusal with its reason', async () => {
    const c = await setupClass(t.app, ['Антонова', 'Борисов', 'Васильева', 'Григорьев', 'Дмитриева']);
    const [notStarted, inProgress, onDevice, received, refused] = c.students;
    const now = Date.now();
    await reportOk(t.app, inProgress, c.exam.id, {
      clientId: crypto.randomUUID(),
      variantID: c.variant.id,
      state: 'recording',
      task: 1,
      at: new Date(now).toISOString(),
    });
    await reportOk(t.app, onDevice, c.exam.id, {
      clientId: crypto.randomUUID(),
      state: 'finished',
      task: 2,
      pendingBytes: 3_355_443,
      at: new Date(now).toISOString(),
    });
    const upload = await uploadMultipartRecording(
      t.app,
      received,
      validFields({ student: received, exam: c.exam, variant: c.variant }),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    // Refused for good: the variant was never given to the student.
    const refusal = await uploadMultipartRecording(
      t.app,
      refused,
      validFields({ student: refused, exam: c.exam, variant: await variantNotInExam(t.app, c) }),
    );
    expect(refusal.statusCode).toBe(404);
    const reason = refusal.json().message as string;
    expect(reason).toEqual(expect.any(String));
    // The statistics agree with the teacher's live view.
    expect(rowOf(await progressOf(t.app, c), refused)).toMatchObject({ state: 'refused', message: reason });

    const stats = await as(
      t.app,
      c.teacher,
    )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/statistics?page_size=10&page_number=0` });
    expect(stats.statusCode, stats.body).toBe(200);
    const sessions = statisticsPageSchema.parse(stats.json()).sessions;
    expect(
      sessions.map((s) => ({
        id: s.student.id,
        state: s.state,
        stateMessage: s.stateMessage,
        attempts: s.attempts,
        afterClose: s.afterClose,
        overAttempts: s.overAttempts,
      })),
    ).toEqual([
      {
        id: notStarted.id,
        state: 'not-started',
        stateMessage: null,
        attempts: 0,
        afterClose: false,
        overAttempts: false,
      },
      {
        id: inProgress.id,
        state: 'in-progress',
        stateMessage: null,
        attempts: 0,
        afterClose: false,
        overAttempts: false,
      },
      {
        id: onDevice.id,
        state: 'on-device',
        stateMessage: null,
        attempts: 0,
        afterClose: false,
        overAttempts: false,
      },
      {
        id: received.id,
        state: 'received',
        stateMessage: null,
        attempts: 1,
        afterClose: false,
        overAttempts: false,
      },
      {
        id: refused.id,
        state: 'refused',
        stateMessage: reason,
        attempts: 0,
        afterClose: false,
        overAttempts: false,
      },
    ]);

    // A later page reads its own students' rows only, and says the same of them.
    const later = await as(
      t.app,
      c.teacher,
    )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/statistics?page_size=2&page_number=1` });
    expect(later.statusCode, later.body).toBe(200);
    expect(
      statisticsPageSchema.parse(later.json()).sessions.map((s) => [s.student.id, s.state, s.attempts]),
    ).toEqual([
      [onDevice.id, 'on-device', 0],
      [received.id, 'received', 1],
    ]);

    const csv = await as(
      t.app,
      c.teacher,
    )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/scores.csv` });
    expect(csv.statusCode).toBe(200);
    const rows = parseCsv(csv.body);
    // The state is the last column, after the flags; every row as long as the header.
    expect(rows[0].slice(-4)).toEqual(['Попыток', 'После закрытия', 'Сверх попыток', 'Состояние']);
    for (const row of rows) expect(row).toHaveLength(rows[0].length);
    expect(rows.slice(1).map((row) => [row[0], ...row.slice(-4)])).toEqual([
      ['Антонова', '0', 'нет', 'нет', 'Не начинал'],
      ['Борисов', '0', 'нет', 'нет', 'Отвечает'],
      ['Васильева', '0', 'нет', 'нет', 'Ответ на устройстве'],
      ['Григорьев', '1', 'нет', 'нет', 'Ответ получен'],
      ['Дмитриева', '0', 'нет', 'нет', `Не принят: ${reason}`],
    ]);
  });

  it('shows a late answer received with its flags, and one over the attempts', async () => {
    const c = await setupClass(t.app, ['Евдокимов']);
    const [student] = c.students;
    const first = await uploadMultipartRecording(
      t.app,
      student,
      validFields({ student, exam: c.exam, variant: c.variant }),
    );
    expect(first.statusCode, first.body).toBe(200);
    // One attempt, closed an hour ago: the second answer comes after the close and over the attempts.
    const rules = await as(
      t.app,
      c.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/exam',
      payload: {
        id: c.exam.id,
        name: c.exam.name,
        variantsID: [c.variant.id],
        studentsID: [student.id],
        attempts: 1,
        closesAt: new Date(Date.now() - 3600_000).toISOString(),
      },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const second = await uploadMultipartRecording(
      t.app,
      student,
      validFields({ student, exam: c.exam, variant: c.variant }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const stats = await as(
      t.app,
      c.teacher,
    )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/statistics?page_size=10&page_number=0` });
    expect(statisticsPageSchema.parse(stats.json()).sessions).toMatchObject([
      { attempts: 2, afterClose: true, overAttempts: true, state: 'received', stateMessage: null },
    ]);
    const csv = await as(
      t.app,
      c.teacher,
    )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/scores.csv` });
    expect(parseCsv(csv.body)[1].slice(-4)).toEqual(['2', 'да', 'да', 'Ответ получен']);
  });
});
