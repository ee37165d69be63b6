import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORING_TEXT, RECORDING_TEXT, SUCCESS_TEXT } from '@/shared/messages';
import { createExam, createTask, createVariant, linkStudent, storedObjects } from './helpers/authoring';
import { expectError, expectMessage } from './helpers/expect-error';
import { setupExam, uploadOk, type ExamSetup } from './helpers/recordings';
import {
  as,
  createTestApp,
  STORAGE_BACKENDS,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

describe.each(STORAGE_BACKENDS)('teacher review of recordings on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let otherTeacher: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app, {
      examName: 'Устный экзамен',
      student: { surname: 'Смирнов', name: 'Олег', patronymic: 'Петрович' },
    });
    otherTeacher = await registerAndLogin(t.app, 'teacher');
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the exam’s recordings on the exam, newest first', async () => {
    const a = await uploadOk(t.app, s);
    const b = await uploadOk(t.app, s);
    const res = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const audios = res.json().audios;
    expect(audios.slice(0, 2)).toEqual([
      {
        id: b.id,
        name: b.name,
        date: b.date,
        checked: false,
        total: null,
        maxTotal: null,
        attempt: 2,
        duration: 42.5,
        interrupted: false,
        late: false,
        afterClose: false,
        overAttempts: false,
      },
      {
        id: a.id,
        name: a.name,
        date: a.date,
        checked: false,
        total: null,
        maxTotal: null,
        attempt: 1,
        duration: 42.5,
        interrupted: false,
        late: false,
        afterClose: false,
        overAttempts: false,
      },
    ]);
  });

  it('answers the detail with the student and the exam, and a signed audio address', async () => {
    const rec = await uploadOk(t.app, s, { duration: 12, taskStarts: [0, 6], peaks: [0.5] });
    const res = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/audios/${rec.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: rec.id,
      name: 'Устный экзамен — Смирнов Олег',
      date: rec.date,
      checked: false,
      mime: 'audio/webm;codecs=opus',
      duration: 12,
      taskStarts: [0, 6],
      peaks: [0.5],
      comments: [],
      variant: { id: s.variant.id, name: 'Вариант 1' },
      student: { id: s.student.id, surname: 'Смирнов', name: 'Олег', patronymic: 'Петрович' },
      exam: { id: s.exam.id, name: 'Устный экзамен' },
    });
    const audio = await t.app.inject({ method: 'GET', url: body.access, headers: { range: 'bytes=0-3' } });
    expect(audio.statusCode).toBe(206);
    expect([...audio.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('toggles the checked flag', async () => {
    const rec = await uploadOk(t.app, s);
    const on = await as(t.app, s.teacher)({ method: 'POST', url: `/api/teacher/audios/${rec.id}/switch` });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ id: rec.id, checked: true });
    const student = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${rec.id}` });
    expect(student.json().checked).toBe(true);
    const off = await as(t.app, s.teacher)({ method: 'POST', url: `/api/teacher/audios/${rec.id}/switch` });
    expect(off.json()).toEqual({ id: rec.id, checked: false });
  });

  it('deletes a recording with its comments and its stored audio', async () => {
    const rec = await uploadOk(t.app, s);
    const comment = await as(
      t.app,
      s.teacher,
    )({
      method: 'POST',
      url: '/api/teacher/comment',
      payload: { audioID: rec.id, start: 0, end: 1, comment: 'Хорошо' },
    });
    expect(comment.statusCode).toBe(200);
    const objects = await storedObjects(t);
    const key = (
      await t.app.ctx.db
        .selectFrom('recordings')
        .select('storage_key')
        .where('id', '=', rec.id)
        .executeTakeFirstOrThrow()
    ).storage_key;

    const res = await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/audio/${rec.id}` });
    expectMessage(res, 200, SUCCESS_TEXT.audioDeleted);
    expect(await storedObjects(t)).toEqual(
      objects.filter((o) => o.split('/').pop() !== key.split('/').pop()),
    );
    expect(await storedObjects(t)).toHaveLength(objects.length - 1);
    const comments = await t.app.ctx.db
      .selectFrom('comments')
      .selectAll()
      .where('recording_id', '=', rec.id)
      .execute();
    expect(comments).toEqual([]);
    expectMessage(
      await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${rec.id}` }),
      404,
      RECORDING_TEXT.recordingNotFound,
    );
    expectMessage(
      await as(t.app, s.teacher)({ method: 'DELETE', url: `/api/teacher/audio/${rec.id}` }),
      404,
      RECORDING_TEXT.recordingNotFound,
    );
  });

  describe('statistics', () => {
    it('has one row per assigned student by surname: completed with the latest upload date, or not', async () => {
      const teacher = await registerAndLogin(t.app, 'teacher');
      const people = [
        ['Яковлев', 'Ян'],
        ['Абрамова', 'Алла'],
        ['ёлкин', 'Ефим'],
        ['Борисов', 'Борис'],
      ] as const;
      const students: Caller[] = [];
      for (const [surname, name] of people) {
        const st = await registerAndLogin(t.app, 'student', { surname, name });
        await linkStudent(t.app, teacher, st);
        students.push(st);
      }
      const task = await createTask(t.app, teacher);
      const variant = await createVariant(t.app, teacher, [task.id]);
      const exam = await createExam(
        t.app,
        teacher,
        [variant.id],
        students.map((x) => x.id),
        'Статистика',
      );
      const uploader = (student: Caller) => ({ student, exam, variant });
      await uploadOk(t.app, uploader(students[1]));
      const latest = await uploadOk(t.app, uploader(students[1]));
      const yakovlev = await uploadOk(t.app, uploader(students[0]));

      const res = await as(
        t.app,
        teacher,
      )({
        method: 'GET',
        url: `/api/teacher/exam/${exam.id}/statistics?page_size=10&page_number=0`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        page: 0,
        pages: 1,
        sessions: [
          {
            student: { id: students[1].id, surname: 'Абрамова', name: 'Алла' },
            completed: true,
            date: latest.date,
            total: null,
            maxTotal: null,
            attempts: 2,
            afterClose: false,
            overAttempts: false,
            state: 'received',
            stateMessage: null,
          },
          {
            student: { id: students[3].id, surname: 'Борисов', name: 'Борис' },
            completed: false,
            date: null,
            total: null,
            maxTotal: null,
            attempts: 0,
            afterClose: false,
            overAttempts: false,
            state: 'not-started',
            stateMessage: null,
          },
          {
            student: { id: students[2].id, surname: 'ёлкин', name: 'Ефим' },
            completed: false,
            date: null,
            total: null,
            maxTotal: null,
            attempts: 0,
            afterClose: false,
            overAttempts: false,
            state: 'not-started',
            stateMessage: null,
          },
          {
            student: { id: students[0].id, surname: 'Яковлев', name: 'Ян' },
            completed: true,
            date: yakovlev.date,
            total: null,
            maxTotal: null,
            attempts: 1,
            afterClose: false,
            overAttempts: false,
            state: 'received',
            stateMessage: null,
          },
        ],
      });
      const page = await as(
        t.app,
        teacher,
      )({
        method: 'GET',
        url: `/api/teacher/exam/${exam.id}/statistics?page_size=3&page_number=1`,
      });
      expect(page.json()).toMatchObject({
        page: 1,
        pages: 2,
        sessions: [{ student: { surname: 'Яковлев' } }],
      });
      expectError(
        await as(t.app, teacher)({ method: 'GET', url: `/api/teacher/exam/${exam.id}/statistics` }),
        400,
      );
    });

    it("answers the teacher's exam with no student an empty page, and a page past the end its count", async () => {
      const teacher = await registerAndLogin(t.app, 'teacher');
      const variant = await createVariant(t.app, teacher, [(await createTask(t.app, teacher)).id]);
      const empty = await createExam(t.app, teacher, [variant.id], [], 'Без учеников');
      const res = await as(
        t.app,
        teacher,
      )({
        method: 'GET',
        url: `/api/teacher/exam/${empty.id}/statistics?page_size=10&page_number=0`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ page: 0, pages: 0, sessions: [] });
      const past = await as(
        t.app,
        s.teacher,
      )({
        method: 'GET',
        url: `/api/teacher/exam/${s.exam.id}/statistics?page_size=10&page_number=5`,
      });
      expect(past.statusCode, past.body).toBe(200);
      expect(past.json()).toEqual({ page: 5, pages: 1, sessions: [] });
    });
  });

  describe('ownership and roles', () => {
    let rec: { id: number };
    beforeAll(async () => {
      rec = await uploadOk(t.app, s);
    });

    it('answers a foreign teacher 404 on every call, exactly like a missing id', async () => {
      const calls = [
        { method: 'GET', url: `/api/teacher/exam/${s.exam.id}/statistics?page_size=10&page_number=0` },
        { method: 'GET', url: `/api/teacher/exam/${s.exam.id}/audios` },
        { method: 'GET', url: `/api/teacher/audios/${rec.id}` },
        { method: 'DELETE', url: `/api/teacher/audio/${rec.id}` },
        { method: 'POST', url: `/api/teacher/audios/${rec.id}/switch` },
      ] as const;
      for (const call of calls) {
        const foreign = await as(t.app, otherTeacher)(call);
        const missing = await as(t.app, s.teacher)({ ...call, url: call.url.replace(/\/\d+/, '/999999') });
        expect(foreign.statusCode, call.url).toBe(404);
        expect(foreign.json()).toEqual(missing.json());
      }
      expectMessage(
        await as(t.app, otherTeacher)({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}/audios` }),
        404,
        AUTHORING_TEXT.examNotFound,
      );
      // Nothing changed.
      const still = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/audios/${rec.id}` });
      expect(still.json().checked).toBe(false);
    });

    it('answers a student 403 and no token 401', async () => {
      const calls = [
        { method: 'GET', url: `/api/teacher/exam/${s.exam.id}/statistics?page_size=10&page_number=0` },
        { method: 'GET', url: `/api/teacher/exam/${s.exam.id}/audios` },
        { method: 'GET', url: `/api/teacher/audios/${rec.id}` },
        { method: 'DELETE', url: `/api/teacher/audio/${rec.id}` },
        { method: 'POST', url: `/api/teacher/audios/${rec.id}/switch` },
        { method: 'DELETE', url: `/api/teacher/comment/1` },
      ] as const;
      for (const call of calls) {
        expectError(await as(t.app, s.student)(call), 403);
        expectError(await as(t.app, null)(call), 401);
      }
    });
  });
});
