import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExam, linkStudent } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import {
  setupExam,
  uploadMultipartRecording,
  validFields,
  webm,
  type ExamSetup,
  type UploadFields,
  type Uploader,
} from './helpers/recordings';
import { as, createTestApp, DATABASES, registerAndLogin, type TestApp } from './helpers/test-app';

// The exam's attempts and window on the recordings' side: the server never refuses an answer for
// them, it flags it when storing (after_close by the device's clock corrected by its offset,
// over_attempts past the exam's attempts), and every answer that shows a recording says so.
// Also the question starts both uploads carry.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const PAGE = 'page_size=100&page_number=0';

/** The two ways a recording reaches the server: one multipart form, or parts and a complete. */
const VIAS = ['form', 'parts'] as const;
type Via = (typeof VIAS)[number];

interface Flags {
  late: boolean;
  afterClose: boolean;
  overAttempts: boolean;
}
const NO_FLAGS: Flags = { late: false, afterClose: false, overAttempts: false };

function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

describe.each(DATABASES)('exam rules on recordings on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // Refused completes leave their parts open: the limit of unfinished uploads is not tested here.
    t = await createTestApp(kind, { STUDENT_OPEN_UPLOADS_MAX: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Sends a recording described by `fields` (the defaults of validFields beneath them) one way. */
  async function send(via: Via, s: Uploader, fields: UploadFields = {}) {
    const described = validFields(s, fields);
    const clientId = described.clientId ?? crypto.randomUUID();
    if (via === 'form') return uploadMultipartRecording(t.app, s.student, { ...described, clientId });
    const audio = webm();
    const part = await as(
      t.app,
      s.student,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${clientId}/parts/0`,
      payload: audio,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(part.statusCode, part.body).toBe(200);
    const { clientId: _unused, ...body } = described;
    return as(
      t.app,
      s.student,
    )({
      method: 'POST',
      url: `/api/student/uploads/${clientId}/complete`,
      payload: { ...body, parts: 1, size: audio.length },
    });
  }

  async function sendOk(via: Via, s: Uploader, fields: UploadFields = {}): Promise<{ id: number }> {
    const res = await send(via, s, fields);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function setRules(s: ExamSetup, rules: Record<string, unknown>, studentsID = [s.student.id]) {
    const res = await as(
      t.app,
      s.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/exam',
      payload: { id: s.exam.id, name: s.exam.name, variantsID: [s.variant.id], studentsID, ...rules },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const storedRow = (id: number) =>
    t.app.ctx.db
      .selectFrom('recordings')
      .select(['after_close', 'over_attempts', 'question_starts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** The recording as the teacher's player and the student's player get it. */
  async function details(s: ExamSetup, id: number) {
    const teacher = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/audios/${id}` });
    expect(teacher.statusCode, teacher.body).toBe(200);
    const student = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${id}` });
    expect(student.statusCode, student.body).toBe(200);
    return { teacher: teacher.json(), student: student.json() };
  }

  const recordingCount = async (studentId: number) =>
    Number(
      (
        await t.app.ctx.db
          .selectFrom('recordings')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('student_id', '=', studentId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe.each(VIAS)('sent as %s', (via) => {
    it('flags an answer recorded after the close by the device’s clock corrected by its offset, never refusing it', async () => {
      const s = await setupExam(t.app);
      // The exam closed an hour ago; every answer below arrives now.
      const close = Date.now() - HOUR;
      await setRules(s, { closesAt: iso(close) });
      const cases: Array<{ what: string; fields: UploadFields; afterClose: boolean }> = [
        {
          what: 'recorded ten minutes before the close on a device offline until now',
          fields: { recordedAt: iso(close - 10 * MINUTE), clientSentAt: iso(Date.now()) },
          afterClose: false,
        },
        {
          what: 'the same on a device whose clock runs three hours fast (its stamps past the close)',
          fields: {
            recordedAt: iso(close - 10 * MINUTE + 3 * HOUR),
            clientSentAt: iso(Date.now() + 3 * HOUR),
          },
          afterClose: false,
        },
        {
          what: 'recorded ten minutes after the close',
          fields: { recordedAt: iso(close + 10 * MINUTE), clientSentAt: iso(Date.now()) },
          afterClose: true,
        },
        {
          what: 'recorded after the close on a device three hours slow (its stamps before the close)',
          fields: {
            recordedAt: iso(close + 10 * MINUTE - 3 * HOUR),
            clientSentAt: iso(Date.now() - 3 * HOUR),
          },
          afterClose: true,
        },
        {
          what: 'recorded before the close by a device that did not say when it sent (no correction)',
          fields: { recordedAt: iso(close - MINUTE) },
          afterClose: false,
        },
        {
          what: 'without the device’s times (a client of the spec): its arrival, after the close',
          fields: {},
          afterClose: true,
        },
      ];
      for (const { what, fields, afterClose } of cases) {
        const { id } = await sendOk(via, s, fields);
        expect((await storedRow(id)).after_close, what).toBe(afterClose ? 1 : 0);
        const flags = { late: afterClose, afterClose, overAttempts: false };
        const { teacher, student } = await details(s, id);
        expect(teacher, what).toMatchObject(flags);
        expect(student, what).toMatchObject(flags);
      }
    });

    it('flags nothing for an exam without a close, or one closing later', async () => {
      const open = await setupExam(t.app);
      const { id } = await sendOk(via, open, {
        recordedAt: '2099-01-01T00:00:00Z',
        clientSentAt: iso(Date.now()),
      });
      expect(await storedRow(id)).toMatchObject({ after_close: 0, over_attempts: 0 });
      const later = await setupExam(t.app);
      await setRules(later, { closesAt: iso(Date.now() + HOUR) });
      const inTime = await sendOk(via, later, {});
      expect((await details(later, inTime.id)).teacher).toMatchObject(NO_FLAGS);
    });

    it('flags each recording stored beyond the exam’s attempts; a replay answers the stored one unchanged', async () => {
      const s = await setupExam(t.app);
      await setRules(s, { attempts: 2 });
      const clientIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const ids: number[] = [];
      for (const clientId of clientIds) ids.push((await sendOk(via, s, { clientId })).id);
      const overAttempts = await Promise.all(ids.map(async (id) => (await storedRow(id)).over_attempts));
      expect(overAttempts).toEqual([0, 0, 1, 1]);
      const [second, third] = [await details(s, ids[1]), await details(s, ids[2])];
      expect(second.teacher).toMatchObject(NO_FLAGS);
      expect(third.teacher).toMatchObject({ ...NO_FLAGS, overAttempts: true });
      expect(third.student).toMatchObject({ ...NO_FLAGS, overAttempts: true });

      // Replays, whichever way they come and even with stamps past a close: the same recordings,
      // flags as stored, no new row.
      await setRules(s, { closesAt: iso(Date.now() - HOUR) });
      const before = await recordingCount(s.student.id);
      for (const [i, clientId] of clientIds.entries()) {
        for (const again of VIAS) {
          const replay = await sendOk(again, s, { clientId });
          expect(replay.id).toBe(ids[i]);
          expect(await storedRow(ids[i])).toMatchObject({ after_close: 0, over_attempts: overAttempts[i] });
        }
      }
      expect(await recordingCount(s.student.id)).toBe(before);

      // Another student's recordings count for that student alone.
      const classmate = await registerAndLogin(t.app, 'student');
      await linkStudent(t.app, s.teacher, classmate);
      await setRules(s, { closesAt: null }, [s.student.id, classmate.id]);
      const theirs = await sendOk(via, { student: classmate, exam: s.exam, variant: s.variant });
      expect(await storedRow(theirs.id)).toMatchObject({ over_attempts: 0 });
    });

    it('keeps the question starts, clamped to the duration, and both players show them', async () => {
      const s = await setupExam(t.app);
      const { id } = await sendOk(via, s, {
        duration: 42.5,
        taskStarts: [0, 20.25],
        // The last start is a rounding past the end (within a second): it is the end.
        questionStarts: [
          [0, 5.5, 12],
          [20.25, 43.2],
        ],
      });
      const expected = [
        [0, 5.5, 12],
        [20.25, 42.5],
      ];
      expect(JSON.parse((await storedRow(id)).question_starts)).toEqual(expected);
      const { teacher, student } = await details(s, id);
      expect(teacher.questionStarts).toEqual(expected);
      expect(student.questionStarts).toEqual(expected);

      const plain = await sendOk(via, s);
      const shown = await details(s, plain.id);
      expect(shown.teacher.questionStarts).toEqual([]);
      expect(shown.student.questionStarts).toEqual([]);
    });

    it('refuses question starts and device times out of bounds (400), storing nothing', async () => {
      const s = await setupExam(t.app);
      const before = await recordingCount(s.student.id);
      const refused: UploadFields[] = [
        { questionStarts: [[-1]] },
        { duration: 42.5, questionStarts: [[0], [44]] },
        { questionStarts: [1, 2] },
        { questionStarts: [['a']] },
        { questionStarts: 'не список' },
        { questionStarts: [Array.from({ length: 21 }, (_, i) => i)] },
        { questionStarts: Array.from({ length: 1001 }, () => [0]) },
        { recordedAt: 'вчера' },
        { recordedAt: '2026-03-01' },
        { clientSentAt: '2026-03-01 12:00' },
      ];
      for (const fields of refused) {
        expectError(await send(via, s, fields), 400);
      }
      expect(await recordingCount(s.student.id)).toBe(before);
      // At the bounds: taken.
      const most = await sendOk(via, s, {
        duration: 42.5,
        questionStarts: [Array.from({ length: 20 }, (_, i) => i * 2), [43.5]],
      });
      expect((await details(s, most.id)).teacher.questionStarts[1]).toEqual([42.5]);
    });
  });

  it('shows the flags in every list, and the statistics and scores.csv say how many and how the latest came', async () => {
    const s = await setupExam(t.app, { examName: 'Флаги', student: { surname: 'Абрамов' } });
    const classmate = await registerAndLogin(t.app, 'student', { surname: 'Яшин' });
    await linkStudent(t.app, s.teacher, classmate);
    const close = Date.now() - HOUR;
    await setRules(s, { attempts: 1, closesAt: iso(close) }, [s.student.id, classmate.id]);
    const inTime = await sendOk('parts', s, {
      recordedAt: iso(close - 10 * MINUTE),
      clientSentAt: iso(Date.now()),
    });
    const flagged = await sendOk('form', s);
    const expected = new Map<number, Flags>([
      [inTime.id, NO_FLAGS],
      [flagged.id, { late: true, afterClose: true, overAttempts: true }],
    ]);

    const lists: Array<[typeof s.teacher, string, string]> = [
      [s.teacher, `/api/teacher/exam/${s.exam.id}`, 'audios'],
      [s.teacher, `/api/teacher/students/${s.student.id}/audios?${PAGE}`, 'audios'],
      [
        s.teacher,
        `/api/teacher/students/${s.student.id}/audios/search?${PAGE}&search_string=${encodeURIComponent('флаги')}`,
        'audios',
      ],
      [s.student, `/api/student/audios?${PAGE}`, 'audios'],
      [
        s.student,
        `/api/student/audios/search?${PAGE}&search_string=${encodeURIComponent('флаги')}`,
        'audios',
      ],
      [s.student, `/api/student/exam/${s.exam.id}/audios?${PAGE}`, 'audios'],
    ];
    for (const [caller, url, key] of lists) {
      const res = await as(t.app, caller)({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json() as Record<string, Array<{ id: number } & Flags>>)[key];
      expect(rows.map((r) => r.id).sort(), url).toEqual([...expected.keys()].sort());
      for (const row of rows) expect(row, url).toMatchObject({ ...expected.get(row.id), interrupted: false });
    }

    const statistics = async () => {
      const res = await as(
        t.app,
        s.teacher,
      )({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}/statistics?page_size=10&page_number=0` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().sessions.map((row: Record<string, unknown>) => ({
        surname: (row.student as { surname: string }).surname,
        attempts: row.attempts,
        afterClose: row.afterClose,
        overAttempts: row.overAttempts,
        state: row.state,
      }));
    };
    const csvTail = async () => {
      const res = await as(
        t.app,
        s.teacher,
      )({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}/scores.csv` });
      expect(res.statusCode).toBe(200);
      return parseCsv(res.body).map((row) => [row[0], ...row.slice(-4)]);
    };
    expect(await statistics()).toEqual([
      { surname: 'Абрамов', attempts: 2, afterClose: true, overAttempts: true, state: 'received' },
      { surname: 'Яшин', attempts: 0, afterClose: false, overAttempts: false, state: 'not-started' },
    ]);
    expect(await csvTail()).toEqual([
      ['Фамилия', 'Попыток', 'После закрытия', 'Сверх попыток', 'Состояние'],
      ['Абрамов', '2', 'да', 'да', 'Ответ получен'],
      ['Яшин', '0', 'нет', 'нет', 'Не начинал'],
    ]);

    // The rules lifted, a third recording comes unflagged: the flags are the latest's, the
    // count all of them.
    await setRules(s, { attempts: null, closesAt: null }, [s.student.id, classmate.id]);
    await sendOk('form', s);
    expect((await statistics())[0]).toEqual({
      surname: 'Абрамов',
      attempts: 3,
      afterClose: false,
      overAttempts: false,
      state: 'received',
    });
    expect((await csvTail())[1]).toEqual(['Абрамов', '3', 'нет', 'нет', 'Ответ получен']);
    // The earlier ones keep the flags they were stored with.
    expect(await storedRow(flagged.id)).toMatchObject({ after_close: 1, over_attempts: 1 });
  });

  it('starts a session whatever the window: the device may start offline, the client keeps the window', async () => {
    const s = await setupExam(t.app);
    await setRules(s, {
      attempts: 1,
      opensAt: iso(Date.now() + HOUR),
      closesAt: iso(Date.now() + 2 * HOUR),
    });
    const other = await createExam(t.app, s.teacher, [s.variant.id], [s.student.id], 'Закрыт');
    await as(
      t.app,
      s.teacher,
    )({
      method: 'PATCH',
      url: '/api/teacher/exam',
      payload: {
        id: other.id,
        name: 'Закрыт',
        variantsID: [s.variant.id],
        studentsID: [s.student.id],
        closesAt: iso(Date.now() - HOUR),
      },
    });
    for (const exam of [s.exam, other]) {
      const res = await as(
        t.app,
        s.student,
      )({
        method: 'POST',
        url: `/api/student/session/${exam.id}/start`,
        payload: { variantID: s.variant.id },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});
