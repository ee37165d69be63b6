import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../server/lib/time';
import { EntryNamer, entryDate, safeNamePart } from '../../server/modules/review/zip';
import { recordingExtension } from '@/shared/recording-media';
import { searchColumn } from '@/shared/search-text';
import { createExam, createTask, createVariant, linkStudent } from './helpers/authoring';
import { expectError } from './helpers/expect-error';
import { readZip } from './helpers/zip';
import { mp4, setupExam, uploadOk, webm, type ExamSetup } from './helpers/recordings';
import {
  as,
  createTestApp,
  STORAGE_BACKENDS,
  registerAndLogin,
  type Caller,
  type TestApp,
} from './helpers/test-app';

/** Stores an object through the app's storage and a recording row pointing at it. */
async function insertStoredRecording(
  t: TestApp,
  row: { examId: number; studentId: number; createdAt: string; mime?: string },
  bytes: Buffer,
): Promise<number> {
  const stored = await t.app.ctx.storage.put(Readable.from([bytes]), {
    prefix: 'recordings',
    maxBytes: bytes.length,
    contentType: 'audio/webm',
  });
  const name = `Запись ${crypto.randomUUID()}`;
  const inserted = await t.app.ctx.db
    .insertInto('recordings')
    .values({
      client_id: crypto.randomUUID(),
      exam_id: row.examId,
      student_id: row.studentId,
      name,
      search: searchColumn(name),
      mime: row.mime ?? 'audio/webm;codecs=opus',
      size: stored.size,
      duration: 1,
      storage_key: stored.key,
      created_at: row.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

describe('zip entry names', () => {
  it('keeps letters, replaces separators, reserved and invisible characters, drops leading dots', () => {
    expect(safeNamePart('Петров')).toBe('Петров');
    expect(safeNamePart('Ван Дер Берг')).toBe('Ван_Дер_Берг');
    expect(safeNamePart('../../etc/passwd')).toBe('etc_passwd');
    expect(safeNamePart('a\\b:c*d?e"f<g>h|i')).toBe('a_b_c_d_e_f_g_h_i');
    expect(safeNamePart('ev\u202Eil\u0000\n')).toBe('evil');
    expect(safeNamePart('Анна-Мария')).toBe('Анна-Мария');
    expect(safeNamePart('...')).toBe('_');
    expect(safeNamePart('')).toBe('_');
    expect(Array.from(safeNamePart('я'.repeat(500)))).toHaveLength(60);
  });

  it('formats the date in the app’s time zone and picks the extension from the type', () => {
    expect(entryDate('2024-05-06T21:08:09.000Z', 'Europe/Moscow')).toBe('2024-05-07_00-08');
    expect(entryDate('2024-05-06T21:08:09.000Z', 'UTC')).toBe('2024-05-06_21-08');
    expect(recordingExtension('audio/webm;codecs=opus')).toBe('webm');
    expect(recordingExtension('audio/mp4')).toBe('m4a');
  });

  it('makes names unique, case-insensitively', () => {
    const namer = new EntryNamer('UTC');
    const row = {
      surname: 'Иванов',
      name: 'Иван',
      created_at: '2024-01-02T03:04:00.000Z',
      mime: 'audio/webm',
    };
    expect(namer.name(row)).toBe('Иванов_Иван_2024-01-02_03-04.webm');
    expect(namer.name(row)).toBe('Иванов_Иван_2024-01-02_03-04_2.webm');
    expect(namer.name({ ...row, surname: 'ИВАНОВ', name: 'ИВАН' })).toBe(
      'ИВАНОВ_ИВАН_2024-01-02_03-04_3.webm',
    );
    expect(namer.name({ ...row, mime: 'audio/mp4' })).toBe('Иванов_Иван_2024-01-02_03-04.m4a');
  });
});

describe.each(STORAGE_BACKENDS)('exam zip on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;

  beforeAll(async () => {
    t = await createTestApp(kind, { APP_TIMEZONE: 'Europe/Moscow' });
    s = await setupExam(t.app, { student: { surname: 'Кузнецов', name: 'Пётр' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('streams exam.zip with one stored entry per recording, named and unique, bytes intact', async () => {
    const second = await registerAndLogin(t.app, 'student', { surname: 'О/Нил', name: '..Мэри' });
    await linkStudent(t.app, s.teacher, second);
    const task = await createTask(t.app, s.teacher);
    const variant = await createVariant(t.app, s.teacher, [task.id]);
    const exam = await createExam(t.app, s.teacher, [variant.id], [s.student.id, second.id], 'Зачет');
    const at = '2024-03-04T09:15:30.000Z';
    const a = webm(3000);
    const b = webm(5000);
    const c = mp4(2000);
    await insertStoredRecording(t, { examId: exam.id, studentId: s.student.id, createdAt: at }, a);
    await insertStoredRecording(t, { examId: exam.id, studentId: s.student.id, createdAt: at }, b);
    await insertStoredRecording(
      t,
      { examId: exam.id, studentId: second.id, createdAt: at, mime: 'audio/mp4' },
      c,
    );
    // Another exam's recording is not in this zip.
    await uploadOk(t.app, s);

    const res = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/exam/${exam.id}/audios` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="exam.zip"');
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'scores.csv',
      'Кузнецов_Пётр_2024-03-04_12-15.webm',
      'Кузнецов_Пётр_2024-03-04_12-15_2.webm',
      'О_Нил_Мэри_2024-03-04_12-15.m4a',
    ]);
    expect(entries[1].data.equals(a)).toBe(true);
    expect(entries[2].data.equals(b)).toBe(true);
    expect(entries[3].data.equals(c)).toBe(true);
    // Stored, not deflated: Opus and AAC do not shrink.
    expect(entries.every((e) => e.compressionMethod === 0)).toBe(true);
  });

  it('answers a zip of only the gradebook for an exam without recordings, and leaves out a lost object', async () => {
    const task = await createTask(t.app, s.teacher);
    const variant = await createVariant(t.app, s.teacher, [task.id]);
    const exam = await createExam(t.app, s.teacher, [variant.id], [s.student.id], 'Пустой');
    const empty = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/exam/${exam.id}/audios` });
    expect(empty.statusCode).toBe(200);
    expect((await readZip(empty.rawPayload)).map((e) => e.name)).toEqual(['scores.csv']);

    const kept = await insertStoredRecording(
      t,
      { examId: exam.id, studentId: s.student.id, createdAt: nowIso() },
      webm(100),
    );
    const lost = await insertStoredRecording(
      t,
      { examId: exam.id, studentId: s.student.id, createdAt: nowIso() },
      webm(100),
    );
    const key = await t.app.ctx.db
      .selectFrom('recordings')
      .select('storage_key')
      .where('id', '=', lost)
      .executeTakeFirstOrThrow();
    await t.app.ctx.storage.delete(key.storage_key);
    const res = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/exam/${exam.id}/audios` });
    expect(res.statusCode).toBe(200);
    const entries = await readZip(res.rawPayload);
    expect(entries.filter((e) => e.name !== 'scores.csv')).toHaveLength(1);
    expect(kept).toBeGreaterThan(0);
  });

  it('answers a foreign teacher 404 and a student 403', async () => {
    const other: Caller = await registerAndLogin(t.app, 'teacher');
    expectError(await as(t.app, other)({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}/audios` }), 404);
    expectError(
      await as(t.app, s.student)({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}/audios` }),
      403,
    );
  });

  it('is streamed: a client that stops reading stops the server reading storage; one that leaves ends it', async () => {
    const COUNT = 40;
    const SIZE = 1024 * 1024;
    const task = await createTask(t.app, s.teacher);
    const variant = await createVariant(t.app, s.teacher, [task.id]);
    const exam = await createExam(t.app, s.teacher, [variant.id], [s.student.id], 'Большой');
    const blob = webm(SIZE);
    for (let i = 0; i < COUNT; i++) {
      await insertStoredRecording(t, { examId: exam.id, studentId: s.student.id, createdAt: nowIso() }, blob);
    }

    // Count what the server reads from storage while the client holds the stream.
    const storage = t.app.ctx.storage;
    const originalRead = storage.read.bind(storage);
    let opened = 0;
    let closed = 0;
    let bytesRead = 0;
    storage.read = (key, range) => {
      opened += 1;
      const stream = originalRead(key, range);
      stream.on('data', (chunk: Buffer) => {
        bytesRead += chunk.length;
      });
      stream.on('close', () => {
        closed += 1;
      });
      return stream;
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const get = () =>
        new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
          const req = http
            .get(
              {
                host: '127.0.0.1',
                port,
                path: `/api/teacher/exam/${exam.id}/audios`,
                headers: { authorization: `Bearer ${s.teacher.token}` },
              },
              (res) => resolve({ req, res }),
            )
            .on('error', reject);
        });
      const { res } = await get();
      expect(res.statusCode).toBe(200);
      expect(res.headers['transfer-encoding']).toBe('chunked');
      res.pause();
      // Let the server run as far as back-pressure allows.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const total = COUNT * SIZE;
      expect(bytesRead).toBeLessThan(total / 2);
      expect(opened).toBeLessThan(COUNT / 2);

      // Reading on gets the whole archive.
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.resume();
      await new Promise((resolve, reject) => {
        res.on('end', resolve);
        res.on('error', reject);
      });
      const entries = (await readZip(Buffer.concat(chunks))).filter((e) => e.name !== 'scores.csv');
      expect(entries).toHaveLength(COUNT);
      expect(opened).toBe(COUNT);
      expect(entries.every((e) => e.data.length === SIZE)).toBe(true);

      // A client that goes away mid-archive: the server stops and closes what it had open.
      opened = 0;
      closed = 0;
      const second = await get();
      await new Promise<void>((resolve) => second.res.once('data', () => resolve()));
      second.req.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const openedAfterAbort = opened;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(opened).toBe(openedAfterAbort);
      expect(opened).toBeLessThan(COUNT);
      expect(closed).toBe(opened);
      // And it still answers.
      const ok = await as(
        t.app,
        s.teacher,
      )({ method: 'GET', url: `/api/teacher/exam/${exam.id}/statistics?page_size=5&page_number=0` });
      expect(ok.statusCode).toBe(200);
    } finally {
      storage.read = originalRead;
    }
  });
});
