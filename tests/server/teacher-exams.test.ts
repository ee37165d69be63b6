import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExam, createTask, createVariant, insertRecording, linkStudent } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import {
  as,
  callerFor,
  createTestApp,
  DATABASES,
  registerAndLogin,
  registerTeachersAndStudent,
  type Caller,
  type TestApp,
} from './helpers/test-app';

describe.each(DATABASES)('teacher exams on %s', (kind) => {
  let t: TestApp;
  let teacher: Caller;
  let other: Caller;
  let linked: Caller;
  let linked2: Caller;
  let pending: Caller;
  let stranger: Caller;
  let v1: { id: number };
  let v2: { id: number };
  let foreignVariant: { id: number };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ({ teacher, other, student: linked } = await registerTeachersAndStudent(t.app));
    linked2 = await registerAndLogin(t.app, 'student');
    pending = await registerAndLogin(t.app, 'student');
    stranger = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, teacher, linked);
    await linkStudent(t.app, teacher, linked2);
    await linkStudent(t.app, other, stranger);
    expect(
      (await as(t.app, teacher)({ method: 'POST', url: `/api/teacher/student/${pending.id}` })).statusCode,
    ).toBe(200);
    const task = await createTask(t.app, teacher);
    v1 = await createVariant(t.app, teacher, [task.id], 'В1');
    v2 = await createVariant(t.app, teacher, [task.id], 'В2');
    foreignVariant = await createVariant(t.app, other, [(await createTask(t.app, other)).id], 'Чужой');
  });
  afterAll(async () => {
    await t.close();
  });

  const call = callerFor(() => t.app);
  const examCount = async () =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('exams')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates an exam with variants in order and accepted students', async () => {
    const res = await call(teacher, 'POST', '/api/teacher/exam', {
      name: 'Итоговый',
      variants: [v2.id, v1.id, v2.id],
      students: [linked2.id, linked.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const exam = res.json();
    expect(exam).toEqual({
      id: expect.any(Number),
      name: 'Итоговый',
      // No rules given: any number of times, any time.
      attempts: null,
      opensAt: null,
      closesAt: null,
      variantsID: [v2.id, v1.id],
      studentsID: [linked.id, linked2.id].sort((a, b) => a - b),
      audios: [],
    });
    const read = await call(teacher, 'GET', `/api/teacher/exam/${exam.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(exam);
  });

  it('refuses foreign variants and students who are not accepted, writing nothing (404)', async () => {
    const before = await examCount();
    for (const body of [
      { name: 'Чужой вариант', variants: [v1.id, foreignVariant.id], students: [] },
      { name: 'Нет варианта', variants: [999999], students: [] },
      { name: 'Ожидает', variants: [v1.id], students: [linked.id, pending.id] },
      { name: 'Чужой ученик', variants: [v1.id], students: [stranger.id] },
      { name: 'Учитель', variants: [v1.id], students: [other.id] },
      { name: 'Нет ученика', variants: [v1.id], students: [999999] },
    ]) {
      expectError(await call(teacher, 'POST', '/api/teacher/exam', body), 404);
    }
    expect(await examCount()).toBe(before);
  });

  it('refuses invalid bodies with 400', async () => {
    for (const body of [
      { name: '', variants: [v1.id], students: [] },
      { name: 'Без вариантов', variants: [], students: [] },
      { name: 'Без списка', students: [] },
      { name: 'Не список', variants: v1.id },
      { name: 'Плохой ученик', variants: [v1.id], students: ['x'] },
      { variants: [v1.id] },
    ]) {
      expectError(await call(teacher, 'POST', '/api/teacher/exam', body), 400);
    }
    expectError(
      await call(teacher, 'PATCH', '/api/teacher/exam', { name: 'x', variantsID: [v1.id], studentsID: [] }),
      400,
    );
  });

  it('updates name, variants and students by studentsID/variantsID', async () => {
    const exam = await createExam(t.app, teacher, [v1.id], [linked.id], 'Черновик');
    const res = await call(teacher, 'PATCH', '/api/teacher/exam', {
      id: exam.id,
      name: 'Готовый',
      variantsID: [v2.id],
      studentsID: [linked2.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Готовый', variantsID: [v2.id], studentsID: [linked2.id] });

    for (const body of [
      { id: exam.id, name: 'Сломано', variantsID: [foreignVariant.id], studentsID: [] },
      { id: exam.id, name: 'Сломано', variantsID: [v1.id], studentsID: [pending.id] },
    ]) {
      expectError(await call(teacher, 'PATCH', '/api/teacher/exam', body), 404);
    }
    expect((await call(teacher, 'GET', `/api/teacher/exam/${exam.id}`)).json()).toMatchObject({
      name: 'Готовый',
      variantsID: [v2.id],
      studentsID: [linked2.id],
    });
    expectError(
      await call(other, 'PATCH', '/api/teacher/exam', {
        id: exam.id,
        name: 'Украдено',
        variantsID: [foreignVariant.id],
        studentsID: [],
      }),
      404,
    );
  });

  describe('attempts and window', () => {
    const rulesOf = async (id: number) => {
      const res = await call(teacher, 'GET', `/api/teacher/exam/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const { attempts, opensAt, closesAt } = res.json();
      return { attempts, opensAt, closesAt };
    };
    const patch = (id: number, rules: Record<string, unknown>) =>
      call(teacher, 'PATCH', '/api/teacher/exam', {
        id,
        name: 'Пробный',
        variantsID: [v1.id],
        studentsID: [linked.id],
        ...rules,
      });

    it('stores attempts and the window as UTC instants, and every exam answer returns them', async () => {
      const res = await call(teacher, 'POST', '/api/teacher/exam', {
        name: 'Пробный',
        variants: [v1.id],
        students: [linked.id],
        attempts: 3,
        opensAt: '2026-03-01T09:00:00+03:00',
        closesAt: '2026-03-01T12:30:00.5Z',
      });
      expect(res.statusCode, res.body).toBe(200);
      const rules = {
        attempts: 3,
        opensAt: '2026-03-01T06:00:00.000Z',
        closesAt: '2026-03-01T12:30:00.500Z',
      };
      expect(res.json()).toMatchObject(rules);
      expect(await rulesOf(res.json().id)).toEqual(rules);
      const row = await t.app.ctx.db
        .selectFrom('exams')
        .select(['attempts', 'opens_at', 'closes_at'])
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ attempts: 3, opens_at: rules.opensAt, closes_at: rules.closesAt });
    });

    it('PATCH keeps what it does not name, clears what it sends as null, and sets what it sends', async () => {
      const exam = await createExam(t.app, teacher, [v1.id], [linked.id], 'Пробный');
      const set = await patch(exam.id, {
        attempts: 2,
        opensAt: '2026-05-01T08:00:00Z',
        closesAt: '2026-05-01T10:00:00Z',
      });
      expect(set.statusCode, set.body).toBe(200);
      const full = { attempts: 2, opensAt: '2026-05-01T08:00:00.000Z', closesAt: '2026-05-01T10:00:00.000Z' };
      expect(set.json()).toMatchObject(full);

      // Absent: kept.
      const kept = await patch(exam.id, {});
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await rulesOf(exam.id)).toEqual(full);

      // One end moved alone, the other kept.
      expect((await patch(exam.id, { closesAt: '2026-05-02T10:00:00+02:00' })).statusCode).toBe(200);
      expect(await rulesOf(exam.id)).toEqual({ ...full, closesAt: '2026-05-02T08:00:00.000Z' });

      // Null: cleared, one at a time.
      expect((await patch(exam.id, { attempts: null })).statusCode).toBe(200);
      expect(await rulesOf(exam.id)).toEqual({
        ...full,
        attempts: null,
        closesAt: '2026-05-02T08:00:00.000Z',
      });
      expect((await patch(exam.id, { opensAt: null, closesAt: null })).statusCode).toBe(200);
      expect(await rulesOf(exam.id)).toEqual({ attempts: null, opensAt: null, closesAt: null });
    });

    it('refuses a window that closes when or before it opens (400), also against the stored end', async () => {
      const before = await examCount();
      for (const [opensAt, closesAt] of [
        ['2026-03-01T12:00:00Z', '2026-03-01T12:00:00Z'],
        ['2026-03-01T12:00:00Z', '2026-03-01T11:59:59Z'],
        // The same instant written in two zones.
        ['2026-03-01T15:00:00+03:00', '2026-03-01T12:00:00Z'],
      ]) {
        const res = await call(teacher, 'POST', '/api/teacher/exam', {
          name: 'Наоборот',
          variants: [v1.id],
          students: [],
          opensAt,
          closesAt,
        });
        expect(expectError(res, 400).join(' ')).toContain(
          'Экзамен должен закрываться позже, чем открывается',
        );
      }
      expect(await examCount()).toBe(before);

      const exam = await createExam(t.app, teacher, [v1.id], [linked.id], 'Пробный');
      expect((await patch(exam.id, { opensAt: '2026-06-01T09:00:00Z' })).statusCode).toBe(200);
      // Only the close is sent, before the stored opening: refused, nothing changes.
      for (const closesAt of ['2026-06-01T09:00:00Z', '2026-06-01T08:00:00Z']) {
        const res = await patch(exam.id, { closesAt, attempts: 5 });
        expect(expectError(res, 400).join(' ')).toContain(
          'Экзамен должен закрываться позже, чем открывается',
        );
      }
      expect(await rulesOf(exam.id)).toEqual({
        attempts: null,
        opensAt: '2026-06-01T09:00:00.000Z',
        closesAt: null,
      });
      // Only the opening is sent, after the stored close: refused too.
      expect((await patch(exam.id, { opensAt: null, closesAt: '2026-06-02T09:00:00Z' })).statusCode).toBe(
        200,
      );
      expectError(await patch(exam.id, { opensAt: '2026-06-03T09:00:00Z' }), 400);
      expect(await rulesOf(exam.id)).toEqual({
        attempts: null,
        opensAt: null,
        closesAt: '2026-06-02T09:00:00.000Z',
      });
    });

    it('takes 1 to 100 attempts and ISO-8601 times only (400 otherwise)', async () => {
      for (const attempts of [1, 100]) {
        const res = await call(teacher, 'POST', '/api/teacher/exam', {
          name: 'Границы',
          variants: [v1.id],
          students: [],
          attempts,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().attempts).toBe(attempts);
      }
      const before = await examCount();
      for (const rules of [
        { attempts: 0 },
        { attempts: -1 },
        { attempts: 101 },
        { attempts: 1.5 },
        { attempts: '3' },
        { opensAt: 'завтра' },
        { opensAt: '2026-03-01' },
        { closesAt: '2026-03-01 12:00' },
        { closesAt: 1767225600000 },
        { closesAt: '2026-13-01T12:00:00Z' },
      ]) {
        expectError(
          await call(teacher, 'POST', '/api/teacher/exam', {
            name: 'Границы',
            variants: [v1.id],
            students: [],
            ...rules,
          }),
          400,
        );
      }
      expect(await examCount()).toBe(before);
      const exam = await createExam(t.app, teacher, [v1.id], [linked.id], 'Пробный');
      expectError(await patch(exam.id, { attempts: 0 }), 400);
      expectError(await patch(exam.id, { opensAt: 'скоро' }), 400);
      expect(await rulesOf(exam.id)).toEqual({ attempts: null, opensAt: null, closesAt: null });
    });
  });

  it('shows the exam’s recordings newest first', async () => {
    const exam = await createExam(t.app, teacher, [v1.id], [linked.id], 'С записями');
    const older = await insertRecording(t.app, {
      examId: exam.id,
      studentId: linked.id,
      name: 'Старая',
      createdAt: '2024-01-01T10:00:00.000Z',
    });
    const newer = await insertRecording(t.app, {
      examId: exam.id,
      studentId: linked.id,
      name: 'Новая',
      createdAt: '2024-02-01T10:00:00.000Z',
      checked: true,
    });
    const res = await call(teacher, 'GET', `/api/teacher/exam/${exam.id}`);
    expect(res.json().audios).toEqual([
      {
        id: newer,
        name: 'Новая',
        date: '2024-02-01T10:00:00.000Z',
        checked: true,
        total: null,
        maxTotal: null,
        attempt: 2,
        // insertRecording's length
        duration: 1,
        interrupted: false,
        late: false,
        afterClose: false,
        overAttempts: false,
      },
      {
        id: older,
        name: 'Старая',
        date: '2024-01-01T10:00:00.000Z',
        checked: false,
        total: null,
        maxTotal: null,
        attempt: 1,
        duration: 1,
        interrupted: false,
        late: false,
        afterClose: false,
        overAttempts: false,
      },
    ]);
  });

  it('numbers each student’s attempts at the exam from the oldest, whatever the order they were stored in', async () => {
    // Students of their own: the lists below hold only this test's recordings.
    const [anna, boris] = [
      await registerAndLogin(t.app, 'student'),
      await registerAndLogin(t.app, 'student'),
    ];
    await linkStudent(t.app, teacher, anna);
    await linkStudent(t.app, teacher, boris);
    const exam = await createExam(t.app, teacher, [v1.id], [anna.id, boris.id], 'Попытки');
    const elsewhere = await createExam(t.app, teacher, [v1.id], [anna.id], 'Другой');
    const at = (day: number) => `2024-03-0${day}T10:00:00.000Z`;
    const record = (studentId: number, day: number, examId = exam.id, name = 'Запись') =>
      insertRecording(t.app, { examId, studentId, name, createdAt: at(day) });
    // Stored out of the order they were made in; another exam's and another student's between them.
    const third = await record(anna.id, 5);
    const first = await record(anna.id, 1, exam.id, 'Первая запись');
    const otherExam = await record(anna.id, 2, elsewhere.id);
    const second = await record(anna.id, 3);
    const otherFirst = await record(boris.id, 4);
    const otherSecond = await record(boris.id, 6);

    const res = await call(teacher, 'GET', `/api/teacher/exam/${exam.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().audios.map((a: { id: number; attempt: number }) => [a.id, a.attempt])).toEqual([
      [otherSecond, 2],
      [third, 3],
      [otherFirst, 1],
      [second, 2],
      [first, 1],
    ]);

    // The student's list pages and searches without renumbering: each keeps its attempt at its exam.
    const page = await call(
      teacher,
      'GET',
      `/api/teacher/students/${anna.id}/audios?page_size=2&page_number=0`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().audios.map((a: { id: number; attempt: number }) => [a.id, a.attempt])).toEqual([
      [third, 3],
      [second, 2],
    ]);
    const next = await call(
      teacher,
      'GET',
      `/api/teacher/students/${anna.id}/audios?page_size=2&page_number=1`,
    );
    // The other exam's recording is its first attempt there.
    expect(next.json().audios.map((a: { id: number; attempt: number }) => [a.id, a.attempt])).toEqual([
      [otherExam, 1],
      [first, 1],
    ]);
    const search = await call(
      teacher,
      'GET',
      `/api/teacher/students/${anna.id}/audios/search?page_size=10&page_number=0&search_string=${encodeURIComponent('первая')}`,
    );
    expect(search.json().audios.map((a: { id: number; attempt: number }) => [a.id, a.attempt])).toEqual([
      [first, 1],
    ]);
  });

  it('answers another teacher’s exam like a missing one', async () => {
    const exam = await createExam(t.app, teacher, [v1.id]);
    const foreign = await call(other, 'GET', `/api/teacher/exam/${exam.id}`);
    expectError(foreign, 404);
    expect(foreign.json()).toEqual((await call(other, 'GET', '/api/teacher/exam/999999')).json());
    expectError(await call(other, 'DELETE', `/api/teacher/exam/${exam.id}`), 404);
    expectError(await call(teacher, 'GET', '/api/teacher/exam/1.5'), 400);
  });

  it('deletes an exam with its recordings', async () => {
    const exam = await createExam(t.app, teacher, [v1.id], [linked.id], 'Удаляемый');
    await insertRecording(t.app, { examId: exam.id, studentId: linked.id, name: 'Запись' });
    const res = await call(teacher, 'DELETE', `/api/teacher/exam/${exam.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Экзамен удален' });
    expectError(await call(teacher, 'GET', `/api/teacher/exam/${exam.id}`), 404);
    const left = await t.app.ctx.db
      .selectFrom('recordings')
      .select('id')
      .where('exam_id', '=', exam.id)
      .execute();
    expect(left).toEqual([]);
    expectError(await call(teacher, 'DELETE', `/api/teacher/exam/${exam.id}`), 404);
  });

  it('lists and searches the teacher’s exams by name', async () => {
    const author = await registerAndLogin(t.app, 'teacher');
    const variant = await createVariant(t.app, author, [(await createTask(t.app, author)).id]);
    for (const name of ['Весенний', 'Апрельский', 'Ёмкий'])
      await createExam(t.app, author, [variant.id], [], name);
    const list = await call(author, 'GET', '/api/teacher/exams?page_size=2&page_number=1');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ page: 1, pages: 2, exams: [{ id: expect.any(Number), name: 'Ёмкий' }] });
    const search = await call(
      author,
      'GET',
      `/api/teacher/exams/search?page_size=5&page_number=0&search_string=${encodeURIComponent('ЕМК')}`,
    );
    expect(search.json().exams.map((e: { name: string }) => e.name)).toEqual(['Ёмкий']);
    expectError(await call(author, 'GET', '/api/teacher/exams?page_size=5'), 400);
  });

  it('needs a teacher’s token for every exam call', async () => {
    const exam = await createExam(t.app, teacher, [v1.id]);
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/api/teacher/exams?page_size=5&page_number=0'],
      ['GET', '/api/teacher/exams/search?page_size=5&page_number=0&search_string=a'],
      ['GET', `/api/teacher/exam/${exam.id}`],
      ['POST', '/api/teacher/exam', { name: 'x', variants: [v1.id], students: [] }],
      ['PATCH', '/api/teacher/exam', { id: exam.id, name: 'x', variantsID: [v1.id], studentsID: [] }],
      ['DELETE', `/api/teacher/exam/${exam.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await call(null, method, url, payload), 401);
      expectError(await call(linked, method, url, payload), 403);
    }
  });
});
