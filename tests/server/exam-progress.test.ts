import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressReportBody } from '@/shared/contract/progress';
import { EXAM_DAY_TEXT, RECORDING_TEXT } from '@/shared/messages';
import {
  ENV,
  progressOf,
  type Registered,
  report,
  reportOk,
  rowOf,
  setupClass,
  type Class,
  variantNotInExam,
} from './helpers/exam-day';
import { fetchEvents, openEvents } from './helpers/event-stream';
import { uploadMultipartRecording, validFields, webm } from './helpers/recordings';
import {
  as,
  createPostgresDatabase,
  createTestApp,
  DATABASES,
  registerAndLogin,
  type TestApp,
} from './helpers/test-app';
import { signAccessToken } from './helpers/tokens';
import { loadConfig } from '../../server/config';

const iso = (ms: number) => new Date(ms).toISOString();

/** One part of bytes that are no recording, then the complete: refused for good (415). */
async function refusedPartsUpload(app: FastifyInstance, c: Class, student: Registered, clientId: string) {
  const bytes = Buffer.from('это не запись, а текст '.repeat(50));
  const part = await as(
    app,
    student,
  )({
    method: 'PUT',
    url: `/api/student/uploads/${clientId}/parts/0`,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(part.statusCode, part.body).toBe(200);
  const complete = await as(
    app,
    student,
  )({
    method: 'POST',
    url: `/api/student/uploads/${clientId}/complete`,
    payload: { examID: c.exam.id, variantID: c.variant.id, duration: 5, parts: 1, size: bytes.length },
  });
  expect(complete.statusCode, complete.body).toBe(415);
  return complete.json().message as string;
}

describe.each(DATABASES)('the exam day (issue 23) on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, ENV);
  });
  afterAll(async () => {
    // Open streams must not hold the close.
    await t?.close();
  });

  describe('progress reports', () => {
    it('takes a report of a student given the exam (204) and shows it: the task of the variant’s tasks, the question, when heard', async () => {
      const c = await setupClass(t.app, ['Абрамова']);
      const [student] = c.students;
      const before = Date.now();
      await reportOk(t.app, student, c.exam.id, {
        clientId: crypto.randomUUID(),
        variantID: c.variant.id,
        state: 'recording',
        task: 2,
        question: 3,
        at: iso(Date.now()),
      });
      const row = rowOf(await progressOf(t.app, c), student);
      expect(row).toMatchObject({
        state: 'in-progress',
        task: 2,
        question: 3,
        tasks: 2,
        surname: 'Абрамова',
      });
      expect(Date.parse(row.lastSeen as string)).toBeGreaterThanOrEqual(before - 1000);
      expect(row.recordingId).toBeUndefined();
    });

    it('ignores a report older than the one it holds for the clientId, and corrects a device clock by clientSentAt', async () => {
      const c = await setupClass(t.app, ['Борисов']);
      const [student] = c.students;
      const clientId = crypto.randomUUID();
      const now = Date.now();
      await reportOk(t.app, student, c.exam.id, {
        clientId,
        state: 'finished',
        task: 2,
        pendingBytes: 3_200_000,
        at: iso(now - 60_000),
      });
      // Made earlier (the outbox sent it late): changes nothing.
      await reportOk(t.app, student, c.exam.id, {
        clientId,
        state: 'recording',
        task: 1,
        at: iso(now - 120_000),
      });
      expect(rowOf(await progressOf(t.app, c), student)).toMatchObject({
        state: 'on-device',
        task: 2,
        pendingBytes: 3_200_000,
      });

      // A clock two hours fast: its stamp is two hours ahead, and so is its clientSentAt.
      const fast = 2 * 3600_000;
      const other = crypto.randomUUID();
      await reportOk(t.app, student, c.exam.id, {
        clientId: other,
        state: 'finished',
        task: 2,
        at: iso(Date.now() + fast - 1000),
        clientSentAt: iso(Date.now() + fast),
      });
      // Corrected, that report is a second old: a report made since (by a true clock) is newer.
      await reportOk(t.app, student, c.exam.id, {
        clientId: other,
        state: 'recording',
        task: 1,
        at: iso(Date.now()),
      });
      const stored = await t.app.ctx.db
        .selectFrom('exam_progress')
        .select(['state', 'device_at'])
        .where('client_id', '=', other)
        .executeTakeFirstOrThrow();
      expect(stored.state).toBe('recording');
      expect(Date.parse(stored.device_at)).toBeLessThanOrEqual(Date.now());

      // A stamp of 2099 without clientSentAt counts as its arrival, never as the future.
      const future = crypto.randomUUID();
      await reportOk(t.app, student, c.exam.id, {
        clientId: future,
        state: 'finished',
        task: 2,
        at: '2099-01-01T00:00:00Z',
      });
      await reportOk(t.app, student, c.exam.id, {
        clientId: future,
        state: 'recording',
        task: 2,
        at: iso(Date.now() + 1000),
      });
      const corrected = await t.app.ctx.db
        .selectFrom('exam_progress')
        .select('state')
        .where('client_id', '=', future)
        .executeTakeFirstOrThrow();
      expect(corrected.state).toBe('recording');
    });

    it('answers 404 to a student never given the exam or the variant, and for a missing exam; 400 out of bounds', async () => {
      const c = await setupClass(t.app, ['Васильев']);
      const stranger = await registerAndLogin(t.app, 'student');
      const body = { clientId: crypto.randomUUID(), state: 'started' as const, task: 0, at: iso(Date.now()) };
      const foreign = await report(t.app, stranger, c.exam.id, body);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: EXAM_DAY_TEXT.examNotGiven });
      const missing = await report(t.app, stranger, 2_000_000_000, body);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(foreign.json());
      const otherVariant = await variantNotInExam(t.app, c);
      const wrongVariant = await report(t.app, c.students[0], c.exam.id, {
        ...body,
        variantID: otherVariant.id,
      });
      expect(wrongVariant.statusCode).toBe(404);

      for (const bad of [
        { task: 101 },
        { task: -1 },
        { task: 1.5 },
        { question: 21 },
        { question: 0 },
        { pendingBytes: -1 },
        { pendingBytes: 2 ** 31 },
        { state: 'done' },
        { clientId: 'не-uuid' },
        { at: 'вчера' },
        { clientSentAt: 'сейчас' },
      ]) {
        const res = await report(t.app, c.students[0], c.exam.id, {
          ...body,
          ...bad,
        } as Partial<ProgressReportBody>);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      }
      const { at: _at, ...withoutTime } = body;
      expect((await report(t.app, c.students[0], c.exam.id, withoutTime)).statusCode).toBe(400);
      // No teacher reports.
      expect((await report(t.app, c.teacher, c.exam.id, body)).statusCode).toBe(403);
    });

    it('takes reports of a student the exam was withdrawn from (it was given before), who leaves the teacher’s list', async () => {
      const c = await setupClass(t.app, ['Гусева', 'Данилов']);
      const [gone, staying] = c.students;
      const withdrawn = await as(
        t.app,
        c.teacher,
      )({
        method: 'PATCH',
        url: '/api/teacher/exam',
        payload: { id: c.exam.id, name: c.exam.name, variantsID: [c.variant.id], studentsID: [staying.id] },
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      await reportOk(t.app, gone, c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'finished',
        task: 2,
        at: iso(Date.now()),
      });
      expect((await progressOf(t.app, c)).students.map((s) => s.id)).toEqual([staying.id]);
    });
  });

  describe('the teacher’s progress', () => {
    it('lists every assigned student by surname in the state of their latest attempt', async () => {
      const c = await setupClass(t.app, ['Жуков', 'Алексеева', 'Ершова', 'Зайцев', 'Иванова', 'Ващенко']);
      const [onDevice, notStarted, received, receivedQuietly, refused, inProgress] = c.students;
      const now = Date.now();
      await reportOk(t.app, inProgress, c.exam.id, {
        clientId: crypto.randomUUID(),
        variantID: c.variant.id,
        state: 'started',
        task: 0,
        at: iso(now),
      });
      await reportOk(t.app, onDevice, c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'finished',
        task: 2,
        pendingBytes: 3_355_443,
        at: iso(now),
      });
      // Reported, then uploaded under the same clientId.
      const receivedId = crypto.randomUUID();
      await reportOk(t.app, received, c.exam.id, {
        clientId: receivedId,
        variantID: c.variant.id,
        state: 'finished',
        task: 2,
        pendingBytes: 4096,
        at: iso(now - 5000),
      });
      const upload = await uploadMultipartRecording(
        t.app,
        received,
        validFields({ student: received, exam: c.exam, variant: c.variant }, { clientId: receivedId }),
      );
      expect(upload.statusCode, upload.body).toBe(200);
      // A client that never reports: its recording is its attempt.
      const quiet = await uploadMultipartRecording(
        t.app,
        receivedQuietly,
        validFields({ student: receivedQuietly, exam: c.exam, variant: c.variant }),
      );
      expect(quiet.statusCode, quiet.body).toBe(200);
      const refusedId = crypto.randomUUID();
      await reportOk(t.app, refused, c.exam.id, {
        clientId: refusedId,
        state: 'finished',
        task: 2,
        pendingBytes: 1150,
        at: iso(now),
      });
      const reason = await refusedPartsUpload(t.app, c, refused, refusedId);
      expect(reason).toBe(RECORDING_TEXT.typeRefused);
      // The device reports again after the refusal (the answer is still on it): the refusal stays.
      await reportOk(t.app, refused, c.exam.id, {
        clientId: refusedId,
        state: 'finished',
        task: 2,
        pendingBytes: 1150,
        at: iso(Date.now()),
      });

      const p = await progressOf(t.app, c);
      expect(p.students.map((s) => s.surname)).toEqual([
        'Алексеева',
        'Ващенко',
        'Ершова',
        'Жуков',
        'Зайцев',
        'Иванова',
      ]);
      expect(rowOf(p, notStarted)).toEqual({
        id: notStarted.id,
        surname: 'Алексеева',
        name: 'Ученик',
        state: 'not-started',
      });
      expect(rowOf(p, inProgress)).toMatchObject({ state: 'in-progress', task: 0, tasks: 2 });
      expect(rowOf(p, onDevice)).toMatchObject({ state: 'on-device', task: 2, pendingBytes: 3_355_443 });
      expect(rowOf(p, received)).toMatchObject({
        state: 'received',
        recordingId: upload.json().id,
        late: false,
        tasks: 2,
      });
      expect(rowOf(p, received).pendingBytes).toBeUndefined();
      expect(rowOf(p, receivedQuietly)).toMatchObject({
        state: 'received',
        recordingId: quiet.json().id,
        late: false,
        tasks: 2,
      });
      expect(rowOf(p, receivedQuietly).lastSeen).toBe(quiet.json().date);
      expect(rowOf(p, refused)).toMatchObject({
        state: 'refused',
        message: RECORDING_TEXT.typeRefused,
        pendingBytes: 1150,
      });
    });

    it('marks an answer that came after the exam closed late, and an upload refused without a report refused', async () => {
      const c = await setupClass(t.app, ['Котова', 'Лебедев']);
      const [late, refusedQuietly] = c.students;
      const closed = await as(
        t.app,
        c.teacher,
      )({
        method: 'PATCH',
        url: '/api/teacher/exam',
        payload: {
          id: c.exam.id,
          name: c.exam.name,
          variantsID: [c.variant.id],
          studentsID: c.students.map((s) => s.id),
          closesAt: iso(Date.now() - 3600_000),
        },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const upload = await uploadMultipartRecording(
        t.app,
        late,
        validFields({ student: late, exam: c.exam, variant: c.variant }),
      );
      expect(upload.statusCode, upload.body).toBe(200);
      // An older client: no report, then its upload refused for good (the variant is not theirs).
      const foreignVariant = await variantNotInExam(t.app, c);
      const refusal = await uploadMultipartRecording(
        t.app,
        refusedQuietly,
        validFields({ student: refusedQuietly, exam: c.exam, variant: foreignVariant }),
      );
      expect(refusal.statusCode).toBe(404);
      const p = await progressOf(t.app, c);
      expect(rowOf(p, late)).toMatchObject({ state: 'received', recordingId: upload.json().id, late: true });
      expect(rowOf(p, refusedQuietly)).toMatchObject({ state: 'refused', message: refusal.json().message });
    });

    it('shows the latest attempt: a new one started after an answer was received is in progress', async () => {
      const c = await setupClass(t.app, ['Морозова']);
      const [student] = c.students;
      const first = crypto.randomUUID();
      await reportOk(t.app, student, c.exam.id, {
        clientId: first,
        state: 'finished',
        task: 2,
        at: iso(Date.now() - 60_000),
      });
      const upload = await uploadMultipartRecording(
        t.app,
        student,
        validFields({ student, exam: c.exam, variant: c.variant }, { clientId: first }),
      );
      expect(upload.statusCode, upload.body).toBe(200);
      expect(rowOf(await progressOf(t.app, c), student)).toMatchObject({ state: 'received' });
      await reportOk(t.app, student, c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'recording',
        task: 1,
        at: iso(Date.now()),
      });
      const row = rowOf(await progressOf(t.app, c), student);
      expect(row).toMatchObject({ state: 'in-progress', task: 1 });
      expect(row.recordingId).toBeUndefined();
    });

    it('answers another teacher’s exam exactly like a missing one, and a student 403', async () => {
      const c = await setupClass(t.app, ['Носов']);
      const other = await registerAndLogin(t.app, 'teacher');
      const foreign = await as(
        t.app,
        other,
      )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/progress` });
      const missing = await as(t.app, other)({ method: 'GET', url: '/api/teacher/exam/2000000000/progress' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toBe(missing.body);
      const student = await as(
        t.app,
        c.students[0],
      )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/progress` });
      expect(student.statusCode).toBe(403);
    });
  });

  describe('the event stream', () => {
    it('sends the progress on connect and on every change (a report, a recording stored, a refusal), with heartbeats, uncompressed', async () => {
      const c = await setupClass(t.app, ['Орлов', 'Петрова', 'Рябова']);
      const [reporting, uploading, refused] = c.students;
      const { res, reader } = await openEvents(t.app, c.teacher.token, c.exam.id, {
        'accept-encoding': 'br, gzip',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-accel-buffering']).toBe('no');
      expect(res.headers['content-encoding']).toBeUndefined();
      // The security headers stay on it.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');

      const first = await reader.progress();
      expect(first).toEqual(await progressOf(t.app, c));
      expect(first.students.every((s) => s.state === 'not-started')).toBe(true);

      await reportOk(t.app, reporting, c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'recording',
        task: 1,
        at: iso(Date.now()),
      });
      const afterReport = await reader.progress((p) => rowOf(p, reporting).state === 'in-progress');
      expect(rowOf(afterReport, reporting).task).toBe(1);

      const upload = await uploadMultipartRecording(
        t.app,
        uploading,
        validFields({ student: uploading, exam: c.exam, variant: c.variant }),
        webm(8192),
      );
      expect(upload.statusCode, upload.body).toBe(200);
      const afterUpload = await reader.progress((p) => rowOf(p, uploading).state === 'received');
      expect(rowOf(afterUpload, uploading).recordingId).toBe(upload.json().id);

      await refusedPartsUpload(t.app, c, refused, crypto.randomUUID());
      const afterRefusal = await reader.progress((p) => rowOf(p, refused).state === 'refused');
      expect(rowOf(afterRefusal, refused).message).toBe(RECORDING_TEXT.typeRefused);

      // A comment line beats every PROGRESS_HEARTBEAT_SECONDS (0.2 s here).
      expect((await reader.next((f) => f.comment, 3000)).comment).toBe(true);
      reader.close();
    });

    it('gives every stream of the exam the same change, and none to another exam’s', async () => {
      const c = await setupClass(t.app, ['Савельев']);
      const d = await setupClass(t.app, ['Тихонова']);
      const streams = await Promise.all([1, 2, 3].map(() => openEvents(t.app, c.teacher.token, c.exam.id)));
      const elsewhere = await openEvents(t.app, d.teacher.token, d.exam.id);
      for (const s of streams) await s.reader.progress();
      await elsewhere.reader.progress();
      await reportOk(t.app, c.students[0], c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'finished',
        task: 2,
        pendingBytes: 10,
        at: iso(Date.now()),
      });
      for (const s of streams) {
        const p = await s.reader.progress();
        expect(rowOf(p, c.students[0])).toMatchObject({ state: 'on-device', pendingBytes: 10 });
      }
      // The other exam's stream hears only heartbeats meanwhile.
      const next = await elsewhere.reader.next(() => true, 3000);
      expect(next.comment).toBe(true);
      for (const s of [...streams, elsewhere]) s.reader.close();
    });

    it('answers another teacher’s exam 404 like a missing one, before any stream; a student 403', async () => {
      const c = await setupClass(t.app, ['Ульянов']);
      const other = await registerAndLogin(t.app, 'teacher');
      const foreign = await as(
        t.app,
        other,
      )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/progress/events` });
      const missing = await as(
        t.app,
        other,
      )({ method: 'GET', url: '/api/teacher/exam/2000000000/progress/events' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['content-type']).toMatch(/^application\/json/);
      expect(foreign.body).toBe(missing.body);
      const student = await as(
        t.app,
        c.students[0],
      )({ method: 'GET', url: `/api/teacher/exam/${c.exam.id}/progress/events` });
      expect(student.statusCode).toBe(403);
      const nobody = await t.app.inject({
        method: 'GET',
        url: `/api/teacher/exam/${c.exam.id}/progress/events`,
      });
      expect(nobody.statusCode).toBe(401);
    });

    it('ends the stream when the access token it was opened with expires', async () => {
      const c = await setupClass(t.app, ['Федорова']);
      const token = await signAccessToken(
        { sub: String(c.teacher.id), role: 'TEACHER' },
        { expiresAt: Math.floor(Date.now() / 1000) + 2 },
      );
      const { res, reader } = await openEvents(t.app, token, c.exam.id);
      expect(res.statusCode).toBe(200);
      await reader.progress();
      expect(await reader.ended(6000)).toBe(true);
    });

    it('ends the streams of an exam that is deleted', async () => {
      const c = await setupClass(t.app, ['Харитонов']);
      const { reader } = await openEvents(t.app, c.teacher.token, c.exam.id);
      await reader.progress();
      const deleted = await as(t.app, c.teacher)({ method: 'DELETE', url: `/api/teacher/exam/${c.exam.id}` });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // A change told after the exam went (a report of a device still holding it) finds it gone.
      await t.app.ctx.db
        .insertInto('exam_progress_events')
        .values({ exam_id: c.exam.id, origin: 'test', at: iso(Date.now()) })
        .execute();
      expect(await reader.ended(5000)).toBe(true);
    });
  });
});

describe.each(DATABASES)(
  'two instances on one %s database share the exam day’s events through it',
  (kind) => {
    let a: TestApp;
    let b: TestApp;
    let dataDir: string | undefined;
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;

    beforeAll(async () => {
      if (kind === 'postgres') {
        database = await createPostgresDatabase();
        const env = { ...ENV, DATABASE_URL: database.url };
        a = await createTestApp('sqlite', env);
        b = await createTestApp('sqlite', env);
      } else {
        // One SQLite file (and its generated secret) under one folder, as two processes on one machine.
        dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-shared-'));
        a = await createTestApp('sqlite', ENV, { dataDir });
        b = await createTestApp('sqlite', ENV, { dataDir });
      }
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.drop();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('a report made through one instance reaches a stream open on the other within seconds', async () => {
      const c = await setupClass(a.app, ['Цветкова']);
      const [student] = c.students;
      const { reader } = await openEvents(b.app, c.teacher.token, c.exam.id);
      await reader.progress();
      await reportOk(a.app, student, c.exam.id, {
        clientId: crypto.randomUUID(),
        state: 'recording',
        task: 2,
        at: iso(Date.now()),
      });
      const p = await reader.progress((x) => rowOf(x, student).state === 'in-progress', 5000);
      expect(rowOf(p, student).task).toBe(2);
      // And an upload stored by the other one.
      const upload = await uploadMultipartRecording(
        a.app,
        student,
        validFields({ student, exam: c.exam, variant: c.variant }),
      );
      expect(upload.statusCode, upload.body).toBe(200);
      const received = await reader.progress((x) => rowOf(x, student).state === 'received', 5000);
      expect(rowOf(received, student).recordingId).toBe(upload.json().id);
      reader.close();
    });
  },
);

describe('the event stream over a real connection', () => {
  it('ends the open streams when the server stops, so that its close is not held', async () => {
    const t = await createTestApp('sqlite', ENV);
    try {
      const c = await setupClass(t.app, ['Эйдельман']);
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { reader } = await fetchEvents(origin, c.teacher.token, c.exam.id);
      await reader.progress();
      await t.app.close();
      expect(await reader.ended(5000)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('beats at most every half CONNECTION_TIMEOUT_SECONDS, so that an open stream is never cut as idle', () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: os.tmpdir(), ...env });
    expect(config({}).progressHeartbeatMs).toBe(15_000);
    expect(config({ CONNECTION_TIMEOUT_SECONDS: '20' }).progressHeartbeatMs).toBe(10_000);
    expect(config({ PROGRESS_HEARTBEAT_SECONDS: '0.2' }).progressHeartbeatMs).toBe(200);
    expect(() => config({ PROGRESS_HEARTBEAT_SECONDS: '0' })).toThrow(/PROGRESS_HEARTBEAT_SECONDS/);
    expect(() => config({ PROGRESS_POLL_SECONDS: 'часто' })).toThrow(/PROGRESS_POLL_SECONDS/);
  });
});
