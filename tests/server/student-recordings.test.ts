import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_TEXT } from '@/shared/messages';
import {
  createExam,
  createTask,
  createVariant,
  insertRecording,
  PNG,
  storedObjects,
} from './helpers/authoring';
import { expectError, expectMessage } from './helpers/expect-error';
import {
  mp4,
  setupExam,
  uploadOk,
  uploadMultipartRecording,
  validFields,
  webm,
  type ExamSetup,
} from './helpers/recordings';
import {
  as,
  createTestApp,
  STORAGE_BACKENDS,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

const PAGE = 'page_size=10&page_number=0';

async function recordingRows(t: TestApp) {
  return t.app.ctx.db.selectFrom('recordings').selectAll().execute();
}

describe.each(STORAGE_BACKENDS)('student recordings on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let stranger: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app, {
      examName: 'Экзамен по истории',
      student: { surname: 'Сидорова', name: 'Анна' },
    });
    stranger = await registerAndLogin(t.app, 'student');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('upload', () => {
    it('stores a recording (file part first, as the spec’s client sends it) and completes the session', async () => {
      const started = await as(
        t.app,
        s.student,
      )({
        method: 'POST',
        url: `/api/student/session/${s.exam.id}/start`,
      });
      const { session_id } = started.json();
      const audio = webm(10_000);
      const fields = validFields(s, { sessionID: session_id });
      const before = (await storedObjects(t)).length;
      const res = await uploadMultipartRecording(t.app, s.student, fields, audio);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        id: expect.any(Number),
        name: 'Экзамен по истории — Сидорова Анна',
        date: expect.any(String),
        checked: false,
        duration: 42.5,
      });
      expect(new Date(body.date).toISOString()).toBe(body.date);
      expect(await storedObjects(t)).toHaveLength(before + 1);

      const row = await t.app.ctx.db
        .selectFrom('recordings')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        client_id: fields.clientId,
        exam_id: s.exam.id,
        student_id: s.student.id,
        session_id,
        variant_id: s.variant.id,
        mime: 'audio/webm;codecs=opus',
        size: 10_000,
        search: 'экзамен по истории — сидорова анна',
      });
      expect(JSON.parse(row.task_starts)).toEqual([0, 20.25]);
      expect(JSON.parse(row.peaks ?? 'null')).toEqual([0, 0.5, -0.5, 1]);
      const session = await t.app.ctx.db
        .selectFrom('exam_sessions')
        .selectAll()
        .where('id', '=', session_id)
        .executeTakeFirstOrThrow();
      expect(session.completed_at).not.toBeNull();
      expect(session.variant_id).toBe(s.variant.id);
    });

    it('takes the fields after or before the file part alike, and MP4 bytes too', async () => {
      const after = await uploadMultipartRecording(t.app, s.student, validFields(s), webm(), {
        fieldsFirst: false,
      });
      expect(after.statusCode, after.body).toBe(200);
      const before = await uploadMultipartRecording(
        t.app,
        s.student,
        validFields(s, { mime: 'audio/mp4' }),
        mp4(),
        {
          fieldsFirst: true,
        },
      );
      expect(before.statusCode, before.body).toBe(200);
      const row = await t.app.ctx.db
        .selectFrom('recordings')
        .select('mime')
        .where('id', '=', before.json().id)
        .executeTakeFirstOrThrow();
      expect(row.mime).toBe('audio/mp4');
    });

    it('stores the container the bytes show, whatever the client claims', async () => {
      const res = await uploadMultipartRecording(
        t.app,
        s.student,
        validFields(s, { mime: 'audio/mp4' }),
        webm(),
      );
      expect(res.statusCode, res.body).toBe(200);
      const row = await t.app.ctx.db
        .selectFrom('recordings')
        .select('mime')
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row.mime).toBe('audio/webm');
    });

    it.each([
      ['file first', false],
      ['fields first', true],
    ])(
      'is idempotent per clientId (%s): one row, one stored object, the same answer',
      async (_l, fieldsFirst) => {
        const fields = validFields(s);
        const first = await uploadMultipartRecording(t.app, s.student, fields, webm(), { fieldsFirst });
        expect(first.statusCode, first.body).toBe(200);
        const objects = await storedObjects(t);
        const rows = (await recordingRows(t)).length;

        const again = await uploadMultipartRecording(t.app, s.student, fields, webm(5000), { fieldsFirst });
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toEqual(first.json());
        expect(await storedObjects(t)).toEqual(objects);
        expect(await recordingRows(t)).toHaveLength(rows);
        expect((await recordingRows(t)).filter((r) => r.client_id === fields.clientId)).toHaveLength(1);
      },
    );

    it('answers 409 for a clientId another student used, storing nothing', async () => {
      const fields = validFields(s);
      expect((await uploadMultipartRecording(t.app, s.student, fields)).statusCode).toBe(200);
      const other = await setupExam(t.app);
      const objects = await storedObjects(t);
      const res = await uploadMultipartRecording(t.app, other.student, {
        ...validFields(other),
        clientId: fields.clientId,
      });
      expectMessage(res, 409, RECORDING_TEXT.uploadOfAnotherStudent);
      expect(await storedObjects(t)).toEqual(objects);
    });

    it('refuses bytes that are not WebM or MP4 with 415, storing nothing', async () => {
      const objects = await storedObjects(t);
      const rows = (await recordingRows(t)).length;
      for (const bytes of [PNG, Buffer.from('not audio at all, just text'), Buffer.alloc(0)]) {
        for (const fieldsFirst of [false, true]) {
          const res = await uploadMultipartRecording(t.app, s.student, validFields(s), bytes, {
            fieldsFirst,
          });
          expectMessage(res, 415, RECORDING_TEXT.typeRefused);
        }
      }
      expect(await storedObjects(t)).toEqual(objects);
      expect(await recordingRows(t)).toHaveLength(rows);
    });

    it('keeps an answer to an exam taken off the student, or with a variant taken out of it, as late', async () => {
      const task = await createTask(t.app, s.teacher);
      const extra = await createVariant(t.app, s.teacher, [task.id], 'Был в экзамене');
      const exam = await createExam(t.app, s.teacher, [s.variant.id, extra.id], [s.student.id], 'Снимут');
      const lateOf = async (id: number) =>
        (
          await t.app.ctx.db
            .selectFrom('recordings')
            .select('late')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).late;
      const onTime = await uploadOk(t.app, s, { examID: exam.id, variantID: extra.id });
      expect(await lateOf(onTime.id)).toBe(0);
      // The teacher takes the variant out, then the exam off the student.
      const update = (variants: number[], students: number[]) =>
        as(
          t.app,
          s.teacher,
        )({
          method: 'PATCH',
          url: '/api/teacher/exam',
          payload: { id: exam.id, name: 'Снимут', variantsID: variants, studentsID: students },
        });
      expect((await update([s.variant.id], [s.student.id])).statusCode).toBe(200);
      const offVariant = await uploadOk(t.app, s, { examID: exam.id, variantID: extra.id });
      expect(await lateOf(offVariant.id)).toBe(1);
      expect((await update([s.variant.id], [])).statusCode).toBe(200);
      const offExam = await uploadOk(t.app, s, { examID: exam.id, variantID: s.variant.id });
      expect(await lateOf(offExam.id)).toBe(1);
      const student = await as(
        t.app,
        s.student,
      )({ method: 'GET', url: `/api/student/audios/${offVariant.id}` });
      expect(student.json().variant).toMatchObject({ id: extra.id, name: 'Был в экзамене' });
    });

    it('answers 404 as for a missing exam to an exam never given to the student, or a variant never in it, storing nothing', async () => {
      const task = await createTask(t.app, s.teacher, {
        name: 'Секретное задание',
        text: 'Текст до экзамена',
      });
      const secret = await createVariant(t.app, s.teacher, [task.id], 'Не выдан');
      // An exam of the student's own teacher, never given to the student.
      const never = await createExam(t.app, s.teacher, [secret.id], [], 'Не назначен');
      // Given later to someone else only.
      const others = await createExam(t.app, s.teacher, [secret.id], [], 'Чужой');
      const objects = await storedObjects(t);
      const rows = (await recordingRows(t)).length;
      const missing = await uploadMultipartRecording(t.app, s.student, validFields(s, { examID: 999_999 }));
      expectMessage(missing, 404, RECORDING_TEXT.examGone);
      for (const fields of [
        { examID: never.id, variantID: secret.id },
        { examID: others.id, variantID: secret.id },
        // The student's own exam with a variant of the teacher that was never in it.
        { examID: s.exam.id, variantID: secret.id },
      ]) {
        const res = await uploadMultipartRecording(t.app, s.student, validFields(s, fields));
        expect({ fields, status: res.statusCode, body: res.json() }).toEqual({
          fields,
          status: 404,
          body: missing.json(),
        });
      }
      expectMessage(
        await uploadMultipartRecording(t.app, stranger, validFields(s)),
        404,
        RECORDING_TEXT.examGone,
      );
      expect(await storedObjects(t)).toEqual(objects);
      expect(await recordingRows(t)).toHaveLength(rows);
    });

    it('never shows the student a variant they were not given, even on a recording that holds it', async () => {
      const task = await createTask(t.app, s.teacher, {
        name: 'Скрытое',
        text: 'Текст не для ученика',
        criteria: [{ name: 'Критерий', maxPoints: 2 }],
      });
      const secret = await createVariant(t.app, s.teacher, [task.id], 'Не выдан');
      // A recording made through the old late-answer path, naming a variant never given.
      const id = await insertRecording(t.app, { examId: s.exam.id, studentId: s.student.id, name: 'Старая' });
      await t.app.ctx.db
        .updateTable('recordings')
        .set({ variant_id: secret.id })
        .where('id', '=', id)
        .execute();
      const seen = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${id}` });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().variant).toBeNull();
      expect(seen.body).not.toContain('Текст не для ученика');
      const scores = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${id}/scores` });
      expect(scores.statusCode, scores.body).toBe(200);
      expect(scores.json()).toMatchObject({ tasks: [], total: 0, maxTotal: 0 });
      expect(scores.body).not.toContain('Скрытое');
      // The teacher, whose variant it is, sees it as it is.
      const teacher = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/audios/${id}` });
      expect(teacher.json().variant).toMatchObject({ id: secret.id });
    });

    it.each([
      ['no examID', { examID: undefined }],
      ['a bad examID', { examID: 'abc' }],
      ['no variantID', { variantID: undefined }],
      ['a clientId that is no UUID', { clientId: 'not-a-uuid' }],
      ['no duration', { duration: undefined }],
      ['a zero duration', { duration: 0 }],
      ['a negative duration', { duration: -3 }],
      ['a duration over 24 h', { duration: 86_401 }],
      ['a duration that is no number', { duration: 'long' }],
      ['taskStarts that is no JSON', { taskStarts: '[1,' }],
      ['taskStarts with a negative start', { taskStarts: [0, -1] }],
      ['taskStarts more than a second past the duration', { taskStarts: [0, 43.6] }],
      ['taskStarts that is no array', { taskStarts: { a: 1 } }],
      ['peaks out of range', { peaks: [0, 1.5] }],
      ['peaks with text', { peaks: [0, 'a'] }],
      ['too many peaks', { peaks: new Array(200_001).fill(0) }],
    ])('answers 400 for %s and stores nothing', async (_label, overrides) => {
      const objects = await storedObjects(t);
      const res = await uploadMultipartRecording(t.app, s.student, validFields(s, overrides));
      expectError(res, 400);
      expect(await storedObjects(t)).toEqual(objects);
    });

    it('clamps a task start up to a second past the duration to the duration (a start rounded, the duration not)', async () => {
      const res = await uploadMultipartRecording(
        t.app,
        s.student,
        validFields(s, { duration: 12.5, taskStarts: [0, 12.5004] }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const detail = await as(
        t.app,
        s.student,
      )({ method: 'GET', url: `/api/student/audios/${res.json().id}` });
      expect(detail.json()).toMatchObject({ duration: 12.5, taskStarts: [0, 12.5] });
      const exactlyASecond = await uploadMultipartRecording(
        t.app,
        s.student,
        validFields(s, { duration: 12.5, taskStarts: [0, 13.5] }),
      );
      expect(exactlyASecond.statusCode, exactlyASecond.body).toBe(200);
      expectError(
        await uploadMultipartRecording(
          t.app,
          s.student,
          validFields(s, { duration: 12.5, taskStarts: [0, 14] }),
        ),
        400,
      );
    });

    it('accepts no clientId, no taskStarts and no peaks (a client that follows only the spec)', async () => {
      const res = await uploadMultipartRecording(t.app, s.student, {
        examID: s.exam.id,
        variantID: s.variant.id,
        mime: 'audio/webm',
        duration: 10,
      });
      expect(res.statusCode, res.body).toBe(200);
      const detail = await as(
        t.app,
        s.student,
      )({ method: 'GET', url: `/api/student/audios/${res.json().id}` });
      expect(detail.json()).toMatchObject({ taskStarts: [], peaks: null, duration: 10 });
    });

    it('ignores a session that is not the student’s own', async () => {
      const other = await setupExam(t.app);
      const started = await as(
        t.app,
        other.student,
      )({
        method: 'POST',
        url: `/api/student/session/${other.exam.id}/start`,
      });
      const foreignSession = started.json().session_id;
      const res = await uploadMultipartRecording(
        t.app,
        s.student,
        validFields(s, { sessionID: foreignSession }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const session = await t.app.ctx.db
        .selectFrom('exam_sessions')
        .selectAll()
        .where('id', '=', foreignSession)
        .executeTakeFirstOrThrow();
      expect(session.completed_at).toBeNull();
      const row = await t.app.ctx.db
        .selectFrom('recordings')
        .select('session_id')
        .where('id', '=', res.json().id)
        .executeTakeFirstOrThrow();
      expect(row.session_id).toBeNull();
    });

    it('answers 400 without the audio part or with two, 415 for a body that is not multipart', async () => {
      expectMessage(
        await uploadMultipartRecording(t.app, s.student, validFields(s), null),
        400,
        RECORDING_TEXT.fileMissing,
      );
      const objects = await storedObjects(t);
      const two = await uploadMultipartRecording(t.app, s.student, validFields(s), webm(), {
        extraParts: [{ name: 'audio', filename: 'b', data: webm() }],
      });
      expectError(two, 400);
      expect(await storedObjects(t)).toEqual(objects);
      const json = await as(
        t.app,
        s.student,
      )({
        method: 'POST',
        url: '/api/student/exam/complete',
        payload: validFields(s),
      });
      expectError(json, 415);
    });

    it('answers 400 for a multipart body cut off in the middle of the file, storing nothing', async () => {
      const objects = await storedObjects(t);
      const boundary = '----ustnocut';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="b"\r\n\r\n`),
        webm(3000),
      ]);
      const res = await as(
        t.app,
        s.student,
      )({
        method: 'POST',
        url: '/api/student/exam/complete',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expectError(res, 400);
      expect(await storedObjects(t)).toEqual(objects);
    });

    it('is for students only', async () => {
      expectError(await uploadMultipartRecording(t.app, null, validFields(s)), 401);
      expectError(await uploadMultipartRecording(t.app, s.teacher, validFields(s)), 403);
    });
  });

  describe('lists and detail', () => {
    let own: { id: number; name: string; date: string };
    let other: ExamSetup;
    let foreign: { id: number };

    beforeAll(async () => {
      own = await uploadOk(t.app, s, { taskStarts: [0, 12], peaks: [0.1, 0.2], duration: 30 });
      other = await setupExam(t.app, { examName: 'Чужой экзамен' });
      foreign = await uploadOk(t.app, other);
    });

    it('lists the student’s own recordings newest first, searchable', async () => {
      const res = await as(
        t.app,
        s.student,
      )({ method: 'GET', url: `/api/student/audios?page_size=100&page_number=0` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const ids = body.audios.map((a: { id: number }) => a.id);
      expect(ids[0]).toBe(own.id);
      expect(ids).not.toContain(foreign.id);
      const dates = body.audios.map((a: { date: string }) => a.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      const held = Number(
        (
          await t.app.ctx.db
            .selectFrom('recordings')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('student_id', '=', s.student.id)
            .where('exam_id', '=', s.exam.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(body.audios[0]).toEqual({
        id: own.id,
        name: own.name,
        date: own.date,
        checked: false,
        total: null,
        maxTotal: null,
        // The newest of the student's recordings of the exam: its last attempt.
        attempt: held,
        duration: 30,
        interrupted: false,
        late: false,
        afterClose: false,
        overAttempts: false,
      });

      const search = await as(
        t.app,
        s.student,
      )({
        method: 'GET',
        url: `/api/student/audios/search?${PAGE}&search_string=${encodeURIComponent('СИДОРОВА')}`,
      });
      expect(search.json().audios.length).toBeGreaterThan(0);
      const nothing = await as(
        t.app,
        s.student,
      )({
        method: 'GET',
        url: `/api/student/audios/search?${PAGE}&search_string=${encodeURIComponent('Чужой')}`,
      });
      expect(nothing.json()).toEqual({ page: 0, pages: 0, audios: [] });
      const paged = await as(
        t.app,
        s.student,
      )({ method: 'GET', url: '/api/student/audios?page_size=1&page_number=1' });
      expect(paged.json().audios).toHaveLength(1);
      expect(paged.json().pages).toBe(body.audios.length);
    });

    it('answers the detail: signed audio with Range support, waveform data, comments by start, variant', async () => {
      for (const [start, end, comment] of [
        [5, 8, 'Второй'],
        [1, 2, 'Первый'],
      ] as const) {
        const c = await as(
          t.app,
          s.teacher,
        )({
          method: 'POST',
          url: '/api/teacher/comment',
          payload: { audioID: own.id, start, end, comment },
        });
        expect(c.statusCode, c.body).toBe(200);
      }
      const res = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${own.id}` });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: own.id,
        name: own.name,
        date: own.date,
        mime: 'audio/webm;codecs=opus',
        duration: 30,
        taskStarts: [0, 12],
        peaks: [0.1, 0.2],
        variant: { id: s.variant.id, name: 'Вариант 1' },
      });
      expect(body.comments.map((c: { comment: string }) => c.comment)).toEqual(['Первый', 'Второй']);
      expect(body.comments[0]).toEqual({
        id: expect.any(Number),
        start: 1,
        end: 2,
        comment: 'Первый',
        voice: null,
      });
      expect(body.variant.tasks[0]).toMatchObject({
        sequence_number: 0,
        task: { id: s.task.id, name: 'Монолог' },
      });
      expect(body.access).toMatch(new RegExp(`^/api/recordings/${own.id}/content\\?exp=\\d+&sig=`));

      const full = await t.app.inject({ method: 'GET', url: body.access });
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe('audio/webm;codecs=opus');
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(full.rawPayload.equals(webm())).toBe(true);

      const part = await t.app.inject({
        method: 'GET',
        url: body.access,
        headers: { range: 'bytes=100-199' },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${webm().length}`);
      expect(part.rawPayload.equals(webm().subarray(100, 200))).toBe(true);
      const unsatisfiable = await t.app.inject({
        method: 'GET',
        url: body.access,
        headers: { range: 'bytes=999999-' },
      });
      expect(unsatisfiable.statusCode).toBe(416);
    });

    it('refuses a bad signature, another recording’s signature and an expired one', async () => {
      const res = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${own.id}` });
      const access: string = res.json().access;
      const tampered = access.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
      expectError(await t.app.inject({ method: 'GET', url: tampered }), 403);
      expectError(
        await t.app.inject({ method: 'GET', url: access.replace(`/${own.id}/`, `/${foreign.id}/`) }),
        403,
      );
      expectError(await t.app.inject({ method: 'GET', url: `/api/recordings/${own.id}/content` }), 403);
      const expired = t.app.ctx.media.url('recording', own.id, Date.now() - 7 * 24 * 3600 * 1000);
      expectError(await t.app.inject({ method: 'GET', url: expired }), 403);
      // A file's signature never opens a recording.
      const fileSigned = t.app.ctx.media.url('file', own.id);
      expectError(
        await t.app.inject({ method: 'GET', url: fileSigned.replace('/api/files/', '/api/recordings/') }),
        403,
      );
    });

    it('answers another student’s recording and a missing one as 404', async () => {
      expectMessage(
        await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${foreign.id}` }),
        404,
        RECORDING_TEXT.recordingNotFound,
      );
      expectMessage(
        await as(t.app, s.student)({ method: 'GET', url: '/api/student/audios/999999' }),
        404,
        RECORDING_TEXT.recordingNotFound,
      );
      expectError(await as(t.app, s.teacher)({ method: 'GET', url: `/api/student/audios/${own.id}` }), 403);
      expectError(await as(t.app, s.student)({ method: 'GET', url: '/api/student/audios/x' }), 400);
    });

    it('shows the variant as null once the teacher deleted it', async () => {
      const task = await createTask(t.app, other.teacher);
      const temp = await createVariant(t.app, other.teacher, [task.id], 'Временный');
      const patch = (variants: number[]) =>
        as(
          t.app,
          other.teacher,
        )({
          method: 'PATCH',
          url: '/api/teacher/exam',
          payload: {
            id: other.exam.id,
            name: 'Чужой экзамен',
            variantsID: variants,
            studentsID: [other.student.id],
          },
        });
      expect((await patch([other.variant.id, temp.id])).statusCode).toBe(200);
      const rec = await uploadOk(t.app, other, { variantID: temp.id, clientId: crypto.randomUUID() });
      expect((await patch([other.variant.id])).statusCode).toBe(200);
      const del = await as(
        t.app,
        other.teacher,
      )({ method: 'DELETE', url: `/api/teacher/variant/${temp.id}` });
      expect(del.statusCode, del.body).toBe(200);
      const res = await as(t.app, other.student)({ method: 'GET', url: `/api/student/audios/${rec.id}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().variant).toBeNull();
    });
  });
});

describe.each(STORAGE_BACKENDS)('recording size cap on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;

  beforeAll(async () => {
    t = await createTestApp(kind, { MAX_RECORDING_MB: '0.01' });
    s = await setupExam(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 413 over MAX_RECORDING_MB and stores nothing, in either part order', async () => {
    const cap = t.config.maxRecordingBytes;
    for (const fieldsFirst of [false, true]) {
      const res = await uploadMultipartRecording(t.app, s.student, validFields(s), webm(cap + 1), {
        fieldsFirst,
      });
      expectError(res, 413);
      expect(await storedObjects(t)).toEqual([]);
      expect(await recordingRows(t)).toEqual([]);
    }
    const exact = await uploadMultipartRecording(t.app, s.student, validFields(s), webm(cap));
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await storedObjects(t)).toHaveLength(1);
  });
});
