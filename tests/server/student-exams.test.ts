import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORING_TEXT, RECORDING_TEXT } from '@/shared/messages';
import { createExam, createTask, createVariant, linkStudent, PNG, uploadOne } from './helpers/authoring';
import { expectError, expectMessage } from './helpers/expect-error';
import { setupExam, uploadOk, type ExamSetup } from './helpers/recordings';
import {
  as,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

const PAGE = 'page_size=10&page_number=0';
/** An exam without rules, before the student recorded anything. */
const NO_RULES = { attempts: null, opensAt: null, closesAt: null, attemptsUsed: 0 };

describe.each(DATABASES)('student exams on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let stranger: Caller;
  let foreignExam: { id: number };
  let foreignVariant: { id: number };

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app, { examName: 'Ёлочный экзамен' });
    stranger = await registerAndLogin(t.app, 'student');
    // Another exam of the same teacher that the student is NOT assigned to, with its own variant.
    const task = await createTask(t.app, s.teacher, { name: 'Чужое задание' });
    foreignVariant = await createVariant(t.app, s.teacher, [task.id], 'Чужой вариант');
    foreignExam = await createExam(t.app, s.teacher, [foreignVariant.id], [], 'Чужой экзамен');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists only the exams assigned to the student, with search folded (ё = е, any case)', async () => {
    const res = await as(t.app, s.student)({ method: 'GET', url: `/api/student/exams?${PAGE}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      page: 0,
      pages: 1,
      exams: [{ id: s.exam.id, name: 'Ёлочный экзамен', ...NO_RULES }],
    });

    const found = await as(
      t.app,
      s.student,
    )({
      method: 'GET',
      url: `/api/student/exams/search?${PAGE}&search_string=${encodeURIComponent('ЕЛОЧН')}`,
    });
    expect(found.json().exams).toEqual([{ id: s.exam.id, name: 'Ёлочный экзамен', ...NO_RULES }]);
    const none = await as(
      t.app,
      s.student,
    )({
      method: 'GET',
      url: `/api/student/exams/search?${PAGE}&search_string=${encodeURIComponent('Чужой')}`,
    });
    expect(none.json()).toEqual({ page: 0, pages: 0, exams: [] });

    const empty = await as(t.app, stranger)({ method: 'GET', url: `/api/student/exams?${PAGE}` });
    expect(empty.json()).toEqual({ page: 0, pages: 0, exams: [] });
  });

  it('answers the exam and its variants; an unassigned or missing exam is 404', async () => {
    const one = await as(t.app, s.student)({ method: 'GET', url: `/api/student/exam/${s.exam.id}` });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ id: s.exam.id, name: 'Ёлочный экзамен', ...NO_RULES });

    const ext = await as(t.app, s.student)({ method: 'GET', url: `/api/student/exam/${s.exam.id}/extended` });
    expect(ext.json()).toEqual({
      id: s.exam.id,
      name: 'Ёлочный экзамен',
      ...NO_RULES,
      variants: [{ id: s.variant.id, name: 'Вариант 1' }],
    });

    for (const url of [
      `/api/student/exam/${foreignExam.id}`,
      `/api/student/exam/${foreignExam.id}/extended`,
      `/api/student/exam/${foreignExam.id}/audios?${PAGE}`,
      `/api/student/exam/999999`,
      `/api/student/exam/999999/extended`,
    ]) {
      expectMessage(await as(t.app, s.student)({ method: 'GET', url }), 404, AUTHORING_TEXT.examNotFound);
    }
    // Another student is not assigned to this exam.
    expectMessage(
      await as(t.app, stranger)({ method: 'GET', url: `/api/student/exam/${s.exam.id}` }),
      404,
      AUTHORING_TEXT.examNotFound,
    );
  });

  it('answers a variant of the exam with its tasks and signed file addresses, and only such a variant', async () => {
    const image = await uploadOne(t.app, s.teacher, 'карта.png', PNG);
    const task = await createTask(t.app, s.teacher, { name: 'С картинкой', files: [image.id] });
    const variant = await createVariant(t.app, s.teacher, [task.id, s.task.id], 'Вариант 2');
    const upd = await as(
      t.app,
      s.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/exam',
      payload: {
        id: s.exam.id,
        name: 'Ёлочный экзамен',
        variantsID: [s.variant.id, variant.id],
        studentsID: [s.student.id],
      },
    });
    expect(upd.statusCode, upd.body).toBe(200);

    const res = await as(
      t.app,
      s.student,
    )({
      method: 'GET',
      url: `/api/student/exam/${s.exam.id}/variant/${variant.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.id).toBe(variant.id);
    expect(body.tasks.map((e: { sequence_number: number }) => e.sequence_number)).toEqual([0, 1]);
    expect(body.tasks[0].task.name).toBe('С картинкой');
    const access: string = body.tasks[0].task.files[0].access;
    expect(access).toMatch(new RegExp(`^/api/files/${image.id}/content\\?exp=\\d+&sig=`));
    // The signed address works without a bearer token.
    const content = await t.app.inject({ method: 'GET', url: access });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(PNG)).toBe(true);

    // The variant of another exam, through this exam: 404; through the foreign exam: 404.
    expectMessage(
      await as(
        t.app,
        s.student,
      )({ method: 'GET', url: `/api/student/exam/${s.exam.id}/variant/${foreignVariant.id}` }),
      404,
      AUTHORING_TEXT.variantNotFound,
    );
    expectMessage(
      await as(
        t.app,
        s.student,
      )({
        method: 'GET',
        url: `/api/student/exam/${foreignExam.id}/variant/${foreignVariant.id}`,
      }),
      404,
      AUTHORING_TEXT.examNotFound,
    );
    expectMessage(
      await as(
        t.app,
        stranger,
      )({ method: 'GET', url: `/api/student/exam/${s.exam.id}/variant/${variant.id}` }),
      404,
      AUTHORING_TEXT.examNotFound,
    );
  });

  it('lists the student’s own recordings of an exam, newest first', async () => {
    const other = await setupExam(t.app);
    const first = await uploadOk(t.app, s);
    const second = await uploadOk(t.app, s);
    await uploadOk(t.app, other);
    const res = await as(
      t.app,
      s.student,
    )({ method: 'GET', url: `/api/student/exam/${s.exam.id}/audios?${PAGE}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pages).toBe(1);
    expect(body.audios.map((a: { id: number }) => a.id)).toEqual([second.id, first.id]);
    expect(body.audios[0]).toEqual({
      id: second.id,
      name: second.name,
      date: second.date,
      checked: false,
      total: null,
      maxTotal: null,
      attempt: 2,
      duration: 42.5,
      interrupted: false,
      late: false,
      afterClose: false,
      overAttempts: false,
    });
  });

  it('carries the exam’s attempts and window and the recordings the student has made of each exam', async () => {
    const r = await setupExam(t.app, { examName: 'А: с правилами' });
    const plain = await createExam(t.app, r.teacher, [r.variant.id], [r.student.id], 'Б: без правил');
    const untouched = await createExam(t.app, r.teacher, [r.variant.id], [r.student.id], 'В: не начат');
    const rules = await as(
      t.app,
      r.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/exam',
      payload: {
        id: r.exam.id,
        name: 'А: с правилами',
        variantsID: [r.variant.id],
        studentsID: [r.student.id],
        attempts: 2,
        opensAt: '2026-04-01T09:00:00+03:00',
        closesAt: '2026-04-01T12:00:00Z',
      },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    // Three recordings of the first exam (past its two attempts: kept all the same), one of the
    // second; another student's recording of the first counts for them only.
    for (let i = 0; i < 3; i++) await uploadOk(t.app, r);
    await uploadOk(t.app, { ...r, exam: plain });
    const classmate = await registerAndLogin(t.app, 'student');
    await linkStudent(t.app, r.teacher, classmate);
    await as(
      t.app,
      r.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/exam',
      payload: {
        id: plain.id,
        name: 'Б: без правил',
        variantsID: [r.variant.id],
        studentsID: [r.student.id, classmate.id],
      },
    });
    await uploadOk(t.app, { student: classmate, exam: plain, variant: r.variant });

    const withRules = {
      attempts: 2,
      opensAt: '2026-04-01T06:00:00.000Z',
      closesAt: '2026-04-01T12:00:00.000Z',
      attemptsUsed: 3,
    };
    const list = await as(t.app, r.student)({ method: 'GET', url: `/api/student/exams?${PAGE}` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().exams).toEqual([
      { id: r.exam.id, name: 'А: с правилами', ...withRules },
      { id: plain.id, name: 'Б: без правил', ...NO_RULES, attemptsUsed: 1 },
      { id: untouched.id, name: 'В: не начат', ...NO_RULES },
    ]);
    // A page of the list counts only its own exams, the same way.
    const second = await as(
      t.app,
      r.student,
    )({ method: 'GET', url: '/api/student/exams?page_size=1&page_number=1' });
    expect(second.json().exams).toEqual([
      { id: plain.id, name: 'Б: без правил', ...NO_RULES, attemptsUsed: 1 },
    ]);

    const one = await as(t.app, r.student)({ method: 'GET', url: `/api/student/exam/${r.exam.id}` });
    expect(one.json()).toEqual({ id: r.exam.id, name: 'А: с правилами', ...withRules });
    const ext = await as(t.app, r.student)({ method: 'GET', url: `/api/student/exam/${r.exam.id}/extended` });
    expect(ext.json()).toEqual({
      id: r.exam.id,
      name: 'А: с правилами',
      ...withRules,
      variants: [{ id: r.variant.id, name: 'Вариант 1' }],
    });
    const other = await as(
      t.app,
      classmate,
    )({ method: 'GET', url: `/api/student/exam/${plain.id}/extended` });
    expect(other.json()).toMatchObject({ attemptsUsed: 1 });
  });

  describe('sessions', () => {
    it('starts a session (with or without a variant) and completes it idempotently', async () => {
      const started = await as(
        t.app,
        s.student,
      )({
        method: 'POST',
        url: `/api/student/session/${s.exam.id}/start`,
        payload: { variantID: s.variant.id },
      });
      expect(started.statusCode, started.body).toBe(200);
      const { session_id } = started.json();
      expect(session_id).toBeGreaterThan(0);

      const bare = await as(
        t.app,
        s.student,
      )({ method: 'POST', url: `/api/student/session/${s.exam.id}/start` });
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json().session_id).not.toBe(session_id);

      for (let i = 0; i < 2; i++) {
        const done = await as(
          t.app,
          s.student,
        )({ method: 'POST', url: `/api/student/session/${session_id}/complete` });
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json()).toEqual({ session_id, completed: true });
      }
      const row = await t.app.ctx.db
        .selectFrom('exam_sessions')
        .selectAll()
        .where('id', '=', session_id)
        .executeTakeFirstOrThrow();
      expect(row.completed_at).not.toBeNull();
      expect(row.variant_id).toBe(s.variant.id);
    });

    it('refuses an unassigned exam, a foreign variant and someone else’s session', async () => {
      expectMessage(
        await as(t.app, s.student)({ method: 'POST', url: `/api/student/session/${foreignExam.id}/start` }),
        404,
        AUTHORING_TEXT.examNotFound,
      );
      expectMessage(
        await as(
          t.app,
          s.student,
        )({
          method: 'POST',
          url: `/api/student/session/${s.exam.id}/start`,
          payload: { variantID: foreignVariant.id },
        }),
        404,
        AUTHORING_TEXT.variantNotFound,
      );
      expectError(
        await as(
          t.app,
          s.student,
        )({
          method: 'POST',
          url: `/api/student/session/${s.exam.id}/start`,
          payload: { variantID: 'x' },
        }),
        400,
      );
      const started = await as(
        t.app,
        s.student,
      )({ method: 'POST', url: `/api/student/session/${s.exam.id}/start` });
      const { session_id } = started.json();
      expectMessage(
        await as(t.app, stranger)({ method: 'POST', url: `/api/student/session/${session_id}/complete` }),
        404,
        RECORDING_TEXT.sessionNotFound,
      );
      expectMessage(
        await as(t.app, s.student)({ method: 'POST', url: '/api/student/session/999999/complete' }),
        404,
        RECORDING_TEXT.sessionNotFound,
      );
    });
  });

  it('is for students only: 401 without a token, 403 for a teacher', async () => {
    const urls = [
      `/api/student/exams?${PAGE}`,
      `/api/student/exam/${s.exam.id}`,
      `/api/student/exam/${s.exam.id}/extended`,
      `/api/student/exam/${s.exam.id}/variant/${s.variant.id}`,
      `/api/student/exam/${s.exam.id}/audios?${PAGE}`,
    ];
    for (const url of urls) {
      expectError(await as(t.app, null)({ method: 'GET', url }), 401);
      expectError(await as(t.app, s.teacher)({ method: 'GET', url }), 403);
    }
    expectError(
      await as(t.app, s.teacher)({ method: 'POST', url: `/api/student/session/${s.exam.id}/start` }),
      403,
    );
  });

  it('answers 400 for bad ids and paging', async () => {
    expectError(await as(t.app, s.student)({ method: 'GET', url: '/api/student/exam/abc' }), 400);
    expectError(
      await as(t.app, s.student)({ method: 'GET', url: '/api/student/exams?page_size=0&page_number=0' }),
      400,
    );
    expectError(
      await as(t.app, s.student)({ method: 'GET', url: `/api/student/exam/${s.exam.id}/variant/-1` }),
      400,
    );
  });
});
