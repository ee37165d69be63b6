import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECORDING_PART_BYTES, RECORDING_PART_MAX_BYTES } from '@/shared/contract/student';
import { RECORDING_TEXT } from '@/shared/messages';
import { purgeIdleUploads, putUploadPart } from '../../server/modules/recordings/parts-upload';
import * as m0012 from '../../server/db/migrations/0012-staged-upload-parts';
import { createExam, createTask, createVariant, storedObjects } from './helpers/authoring';
import { expectError, expectMessage } from './helpers/expect-error';
import {
  setupExam,
  uploadOk,
  uploadMultipartRecording,
  validFields,
  webm,
  type ExamSetup,
} from './helpers/recordings';
import { loadConfig } from '../../server/config';
import {
  as,
  createTestApp,
  DATABASES,
  STORAGE_BACKENDS,
  type Caller,
  type TestApp,
} from './helpers/test-app';

const PART = 64 * 1024;

function split(bytes: Buffer, size = PART): Buffer[] {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) parts.push(bytes.subarray(at, at + size));
  return parts;
}

describe.each(STORAGE_BACKENDS)('resumable recording upload on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let other: ExamSetup;

  const putPart = (
    caller: Caller,
    clientId: string,
    part: number | string,
    bytes: Buffer,
    type = 'application/octet-stream',
  ) =>
    as(
      t.app,
      caller,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${clientId}/parts/${part}`,
      payload: bytes,
      headers: { 'content-type': type },
    });
  /** A part that says where its bytes start (`?offset=`), as the app sends them. */
  const putAt = (caller: Caller, clientId: string, part: number, offset: number | string, bytes: Buffer) =>
    as(
      t.app,
      caller,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${clientId}/parts/${part}?offset=${offset}`,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const status = (caller: Caller, clientId: string) =>
    as(t.app, caller)({ method: 'GET', url: `/api/student/uploads/${clientId}` });
  const complete = (caller: Caller, clientId: string, body: Record<string, unknown>) =>
    as(t.app, caller)({ method: 'POST', url: `/api/student/uploads/${clientId}/complete`, payload: body });
  const description = (audio: Buffer, parts: number, overrides: Record<string, unknown> = {}) => ({
    examID: s.exam.id,
    variantID: s.variant.id,
    mime: 'audio/webm;codecs=opus',
    duration: 12.5,
    taskStarts: [0, 6],
    peaks: [0, 0.5],
    parts,
    size: audio.length,
    ...overrides,
  });

  async function sendAll(caller: Caller, clientId: string, parts: Buffer[]): Promise<void> {
    for (const [i, bytes] of parts.entries()) {
      const res = await putPart(caller, clientId, i, bytes);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ part: i, size: bytes.length });
    }
  }
  const partObjects = async () => (await storedObjects(t)).filter((o) => o.startsWith('parts'));
  /** Objects an upload's n parts take: one staging object where storage writes in place (local), else one each (S3). */
  const objectsFor = (n: number) => (t.app.ctx.storage.writeAt ? 1 : n);
  const partObjectsOf = (clientId: string) =>
    t.app.ctx.db.selectFrom('upload_parts').selectAll().where('client_id', '=', clientId).execute();
  const recordingsOf = (clientId: string) =>
    t.app.ctx.db.selectFrom('recordings').selectAll().where('client_id', '=', clientId).execute();
  async function storedBytes(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of t.app.ctx.storage.read(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  beforeAll(async () => {
    // One student opens many uploads here: the limit of unfinished ones has its own tests below.
    t = await createTestApp(kind, { MAX_RECORDING_MB: '1', STUDENT_OPEN_UPLOADS_MAX: '100' });
    s = await setupExam(t.app);
    other = await setupExam(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('joins parts sent in any order into the recording, byte for byte, and then drops them', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(5 * PART + 123);
    const parts = split(audio);
    const before = await partObjects();
    for (const i of [3, 0, 5, 1, 4, 2])
      expect((await putPart(s.student, clientId, i, parts[i])).statusCode).toBe(200);

    const held = await status(s.student, clientId);
    expect(held.json()).toEqual({
      parts: parts.map((p, i) => ({ part: i, size: p.length })),
      recordingId: null,
    });

    const res = await complete(s.student, clientId, description(audio, parts.length));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: expect.any(Number), checked: false, duration: 12.5 });
    const [row] = await recordingsOf(clientId);
    expect(row).toMatchObject({
      student_id: s.student.id,
      size: audio.length,
      mime: 'audio/webm;codecs=opus',
    });
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
    expect(await partObjects()).toEqual(before);
    expect((await status(s.student, clientId)).json()).toEqual({ parts: [], recordingId: row.id });
  });

  it('keeps one copy of a part sent twice: the later bytes replace the earlier', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(2 * PART);
    const [first, second] = split(audio);
    const before = (await partObjects()).length;
    await sendAll(s.student, clientId, [first, Buffer.alloc(100, 1)]);
    expect((await putPart(s.student, clientId, 1, second)).statusCode).toBe(200);
    expect((await putPart(s.student, clientId, 1, second)).statusCode).toBe(200);
    expect((await status(s.student, clientId)).json().parts).toEqual([
      { part: 0, size: PART },
      { part: 1, size: PART },
    ]);
    expect(await partObjects()).toHaveLength(before + objectsFor(2));
    const res = await complete(s.student, clientId, description(audio, 2));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await recordingsOf(clientId);
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
  });

  it('answers 409 while a part is missing or the sizes differ, and completes once they are right', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(3 * PART);
    const parts = split(audio);
    await sendAll(
      s.student,
      clientId,
      [parts[0], parts[2]].map((p) => p),
    );
    // Part 1 holds part 2's bytes: the count is right for parts 0..1 only.
    expectMessage(
      await complete(s.student, clientId, description(audio, 3)),
      409,
      RECORDING_TEXT.partsMissing,
    );
    expect((await putPart(s.student, clientId, 1, parts[1])).statusCode).toBe(200);
    expect((await putPart(s.student, clientId, 2, parts[2])).statusCode).toBe(200);
    expectMessage(
      await complete(s.student, clientId, description(audio, 3, { size: audio.length - 1 })),
      409,
      RECORDING_TEXT.partsSizeMismatch,
    );
    expect(await recordingsOf(clientId)).toHaveLength(0);
    const res = await complete(s.student, clientId, description(audio, 3));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await recordingsOf(clientId);
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
  });

  it('makes one recording of two completes at once, and answers a repeat with it', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(4 * PART);
    await sendAll(s.student, clientId, split(audio));
    const recordingObjects = async () =>
      (await storedObjects(t)).filter((o) => o.startsWith('recordings')).length;
    const objects = await recordingObjects();
    const [a, b] = await Promise.all([
      complete(s.student, clientId, description(audio, 4)),
      complete(s.student, clientId, description(audio, 4)),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(await recordingsOf(clientId)).toHaveLength(1);
    expect(await recordingObjects()).toBe(objects + 1);

    const again = await complete(s.student, clientId, description(audio, 4));
    expect(again.json()).toEqual(a.json());
    // A part sent again after the answer was lost is acknowledged, not kept.
    const parts = await partObjects();
    expect((await putPart(s.student, clientId, 0, audio.subarray(0, PART))).statusCode).toBe(200);
    expect(await partObjects()).toEqual(parts);
    expect(await recordingsOf(clientId)).toHaveLength(1);
  });

  it('binds a clientId to the student who sent its first part: every call of another account answers 409, and the recording is the first student’s', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(3 * PART);
    const parts = split(audio);
    // A sends two parts, then B's session takes over the device and tries everything with X.
    await sendAll(s.student, clientId, parts.slice(0, 2));
    const stranger = other.student;
    const theirs = { examID: other.exam.id, variantID: other.variant.id };
    const refused = RECORDING_TEXT.uploadOfAnotherStudent;
    expectMessage(await status(stranger, clientId), 409, refused);
    expectMessage(await putPart(stranger, clientId, 2, parts[2]), 409, refused);
    expectMessage(await putPart(stranger, clientId, 0, webm(PART)), 409, refused);
    expectMessage(await complete(stranger, clientId, description(audio, 3, theirs)), 409, refused);
    expectMessage(
      await uploadMultipartRecording(t.app, stranger, validFields(other, { clientId }), webm(PART)),
      409,
      refused,
    );
    // Nothing of B's went in, and A's upload is as A left it.
    expect((await status(s.student, clientId)).json()).toEqual({
      parts: parts.slice(0, 2).map((p, i) => ({ part: i, size: p.length })),
      recordingId: null,
    });
    await sendAll(s.student, clientId, parts);
    const res = await complete(s.student, clientId, description(audio, 3));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await recordingsOf(clientId);
    expect(row).toMatchObject({ student_id: s.student.id, exam_id: s.exam.id });
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
    // Once stored, the recording itself keeps the clientId A's.
    expectMessage(await status(stranger, clientId), 409, refused);
    expectMessage(await putPart(stranger, clientId, 0, parts[0]), 409, refused);
    expectMessage(await complete(stranger, clientId, description(audio, 3, theirs)), 409, refused);
    expect(await recordingsOf(clientId)).toHaveLength(1);
    const list = await as(
      t.app,
      stranger,
    )({ method: 'GET', url: '/api/student/audios?page_size=100&page_number=0' });
    expect(list.json().audios.map((a: { id: number }) => a.id)).not.toContain(row.id);
  });

  it('binds a clientId by a status call too, and by a recording sent whole', async () => {
    const stranger = other.student;
    const asked = crypto.randomUUID();
    expect((await status(s.student, asked)).json()).toEqual({ parts: [], recordingId: null });
    expectMessage(await putPart(stranger, asked, 0, webm(PART)), 409, RECORDING_TEXT.uploadOfAnotherStudent);
    expect((await putPart(s.student, asked, 0, webm(PART))).statusCode).toBe(200);

    const whole = crypto.randomUUID();
    await uploadOk(t.app, s, { clientId: whole });
    expectMessage(await status(stranger, whole), 409, RECORDING_TEXT.uploadOfAnotherStudent);
    expectMessage(await putPart(stranger, whole, 0, webm(PART)), 409, RECORDING_TEXT.uploadOfAnotherStudent);
    expect(await partObjectsOf(whole)).toHaveLength(0);
  });

  it('binds a clientId once when two students send its first part at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const clientId = crypto.randomUUID();
      const answers = await Promise.all([
        putPart(s.student, clientId, 0, webm(PART)),
        status(s.student, clientId),
        putPart(other.student, clientId, 0, webm(PART)),
        status(other.student, clientId),
      ]);
      // One account got everything it sent, the other 409 for everything.
      expect([
        [200, 200, 409, 409],
        [409, 409, 200, 200],
      ]).toContainEqual(answers.map((a) => a.statusCode));
      const rows = await t.app.ctx.db
        .selectFrom('upload_parts')
        .select('student_id')
        .where('client_id', '=', clientId)
        .execute();
      expect(new Set(rows.map((r) => r.student_id)).size).toBe(1);
    }
  });

  it('clamps a task start up to a second past the duration to the duration, and refuses one further', async () => {
    const audio = webm(PART);
    const late = crypto.randomUUID();
    await sendAll(s.student, late, [audio]);
    const res = await complete(s.student, late, description(audio, 1, { taskStarts: [0, 12.5004] }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await recordingsOf(late);
    expect(JSON.parse(row.task_starts)).toEqual([0, 12.5]);

    const far = crypto.randomUUID();
    await sendAll(s.student, far, [audio]);
    const refused = await complete(s.student, far, description(audio, 1, { taskStarts: [0, 14] }));
    expect(expectError(refused, 400)).toEqual([
      'taskStarts: Начало задания не может быть позже конца записи',
    ]);
    expect(await recordingsOf(far)).toHaveLength(0);
  });

  it('refuses parts that are too large, empty, numbered past the limit, or not raw bytes', async () => {
    const clientId = crypto.randomUUID();
    const before = await partObjects();
    expectError(await putPart(s.student, clientId, 0, Buffer.alloc(RECORDING_PART_MAX_BYTES + 1, 1)), 413);
    expectMessage(await putPart(s.student, clientId, 0, Buffer.alloc(0)), 400, RECORDING_TEXT.partEmpty);
    expectError(await putPart(s.student, clientId, 4096, webm(10)), 400);
    expectError(await putPart(s.student, clientId, -1, webm(10)), 400);
    expectError(await putPart(s.student, clientId, 'x', webm(10)), 400);
    expectError(await putPart(s.student, 'not-a-uuid', 0, webm(10)), 400);
    expectError(await putPart(s.student, clientId, 0, webm(10), 'text/plain'), 415);
    expectError(
      await as(
        t.app,
        s.student,
      )({
        method: 'PUT',
        url: `/api/student/uploads/${clientId}/parts/0`,
        payload: { a: 1 },
      }),
      415,
    );
    expect(await partObjects()).toEqual(before);
  });

  it('refuses parts past the recording cap (413) and bytes that are no recording (415)', async () => {
    const clientId = crypto.randomUUID();
    // The test app caps recordings at 1 MB: the fifth 256 KiB part would pass it.
    const parts = split(webm(4 * 256 * 1024), 256 * 1024);
    await sendAll(s.student, clientId, parts);
    expectMessage(await putPart(s.student, clientId, 4, Buffer.alloc(1, 1)), 413, RECORDING_TEXT.tooLarge(1));
    // Replacing a part counts its new size, not both.
    expect((await putPart(s.student, clientId, 3, parts[3])).statusCode).toBe(200);

    const other = crypto.randomUUID();
    const text = Buffer.from('plain text pretending to be a recording');
    await sendAll(s.student, other, [text]);
    expectMessage(await complete(s.student, other, description(text, 1)), 415, RECORDING_TEXT.typeRefused);
    expect(await recordingsOf(other)).toHaveLength(0);
  });

  it('keeps the interrupted flag of either upload and shows it to the teacher and the student', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(PART);
    await sendAll(s.student, clientId, [audio]);
    const res = await complete(s.student, clientId, description(audio, 1, { interrupted: true }));
    expect(res.statusCode, res.body).toBe(200);
    const viaForm = await uploadOk(t.app, s, { interrupted: 'true' });
    const whole = await uploadOk(t.app, s);
    for (const [id, interrupted] of [
      [res.json().id, true],
      [viaForm.id, true],
      [whole.id, false],
    ] as const) {
      const teacher = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/audios/${id}` });
      expect(teacher.json()).toMatchObject({ interrupted, late: false });
      const student = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${id}` });
      expect(student.json()).toMatchObject({ interrupted, late: false });
    }
    const exam = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}` });
    const rows = exam.json().audios as Array<{ id: number; interrupted: boolean }>;
    expect(rows.find((a) => a.id === viaForm.id)).toMatchObject({ interrupted: true, late: false });
    expect(rows.find((a) => a.id === whole.id)).toMatchObject({ interrupted: false, late: false });
  });

  it('keeps an answer that arrives after the exam was taken off the student, marked late for both', async () => {
    const late = await setupExam(t.app);
    const clientId = crypto.randomUUID();
    const audio = webm(PART);
    await sendAll(late.student, clientId, [audio]);
    await t.app.ctx.db.deleteFrom('exam_students').where('exam_id', '=', late.exam.id).execute();
    const body = { ...description(audio, 1), examID: late.exam.id, variantID: late.variant.id };
    const res = await complete(late.student, clientId, body);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const teacher = await as(t.app, late.teacher)({ method: 'GET', url: `/api/teacher/audios/${id}` });
    expect(teacher.json()).toMatchObject({ late: true, interrupted: false });
    const student = await as(t.app, late.student)({ method: 'GET', url: `/api/student/audios/${id}` });
    expect(student.json()).toMatchObject({ late: true });
    const list = await as(
      t.app,
      late.student,
    )({ method: 'GET', url: '/api/student/audios?page_size=10&page_number=0' });
    expect(list.json().audios).toEqual([expect.objectContaining({ id, late: true })]);
  });

  it('refuses an answer whose variant (409) or exam (404) was deleted, with a message that says so', async () => {
    const gone = await setupExam(t.app);
    const audio = webm(PART);
    const variantGone = crypto.randomUUID();
    const examGone = crypto.randomUUID();
    await sendAll(gone.student, variantGone, [audio]);
    await sendAll(gone.student, examGone, [audio]);
    const body = { ...description(audio, 1), examID: gone.exam.id, variantID: gone.variant.id };
    await t.app.ctx.db.deleteFrom('exam_variants').where('variant_id', '=', gone.variant.id).execute();
    await t.app.ctx.db.deleteFrom('variants').where('id', '=', gone.variant.id).execute();
    expectMessage(await complete(gone.student, variantGone, body), 409, RECORDING_TEXT.variantGone);
    await t.app.ctx.db.deleteFrom('exams').where('id', '=', gone.exam.id).execute();
    expectMessage(await complete(gone.student, examGone, body), 404, RECORDING_TEXT.examGone);
    expect(await recordingsOf(variantGone)).toHaveLength(0);
    expect(await recordingsOf(examGone)).toHaveLength(0);
  });

  it('answers 404 as for a missing exam to an exam never given to the student, or a variant never in it', async () => {
    const task = await createTask(t.app, s.teacher);
    const secret = await createVariant(t.app, s.teacher, [task.id], 'Не выдан');
    const never = await createExam(t.app, s.teacher, [secret.id], [], 'Не назначен');
    const audio = webm(PART);
    for (const target of [
      { examID: never.id, variantID: secret.id },
      { examID: s.exam.id, variantID: secret.id },
    ]) {
      const clientId = crypto.randomUUID();
      await sendAll(s.student, clientId, [audio]);
      const res = await complete(s.student, clientId, { ...description(audio, 1), ...target });
      expectMessage(res, 404, RECORDING_TEXT.examGone);
      expect(await recordingsOf(clientId)).toHaveLength(0);
    }
  });

  it('answers 401 without a session and 403 to a teacher', async () => {
    const clientId = crypto.randomUUID();
    expect(
      (await as(t.app, null)({ method: 'GET', url: `/api/student/uploads/${clientId}` })).statusCode,
    ).toBe(401);
    expect((await status(s.teacher, clientId)).statusCode).toBe(403);
  });

  it('purges uploads left untouched for days, and only those', async () => {
    const idle = crypto.randomUUID();
    const active = crypto.randomUUID();
    await sendAll(s.student, idle, split(webm(2 * PART)));
    await sendAll(s.student, active, split(webm(2 * PART)));
    const longAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await t.app.ctx.db
      .updateTable('upload_parts')
      .set({ created_at: longAgo })
      .where('client_id', '=', idle)
      .execute();
    // One fresh part keeps the whole upload alive.
    await t.app.ctx.db
      .updateTable('upload_parts')
      .set({ created_at: longAgo })
      .where('client_id', '=', active)
      .where('part', '=', 0)
      .execute();
    await t.app.ctx.db
      .updateTable('upload_owners')
      .set({ created_at: longAgo })
      .where('client_id', 'in', [idle, active])
      .execute();
    const before = await partObjects();
    expect(await purgeIdleUploads(t.app.ctx, 7)).toBe(objectsFor(2));
    // The abandoned upload's binding goes with its parts; the active one stays bound.
    const owners = await t.app.ctx.db.selectFrom('upload_owners').select('client_id').execute();
    expect(owners.map((o) => o.client_id)).not.toContain(idle);
    expect(owners.map((o) => o.client_id)).toContain(active);
    expect((await status(s.student, idle)).json().parts).toEqual([]);
    expect((await status(s.student, active)).json().parts).toHaveLength(2);
    expect(await partObjects()).toHaveLength(before.length - objectsFor(2));
  });

  it('makes parts of the client’s size, sent in order, the recording as they were stored', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(3 * RECORDING_PART_BYTES + 5000);
    const parts = split(audio, RECORDING_PART_BYTES);
    const before = await partObjects();
    await sendAll(s.student, clientId, parts);
    expect(await partObjects()).toHaveLength(before.length + objectsFor(parts.length));
    const storage = t.app.ctx.storage;
    const linked = storage.linkAs ? vi.spyOn(storage, 'linkAs') : undefined;
    const res = await complete(s.student, clientId, description(audio, parts.length));
    expect(res.statusCode, res.body).toBe(200);
    // Where the storage links objects, the staging object becomes the recording: nothing copied.
    if (linked) expect(linked).toHaveBeenCalledTimes(1);
    linked?.mockRestore();
    const [row] = await recordingsOf(clientId);
    expect(row.size).toBe(audio.length);
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
    expect(await t.app.ctx.storage.stat(row.storage_key)).toEqual({ size: audio.length });
    expect(await partObjects()).toEqual(before);
  });

  it('writes parts of growing sizes that say their offsets in place: complete copies nothing', async () => {
    const clientId = crypto.randomUUID();
    // The client's first part, then larger ones as its link allows (up to 1 MiB), then the rest.
    const audio = webm(RECORDING_PART_BYTES + 2 * RECORDING_PART_BYTES + 100 * 1024 + 7);
    const sizes = [RECORDING_PART_BYTES, 2 * RECORDING_PART_BYTES, 100 * 1024 + 7];
    const before = await partObjects();
    let offset = 0;
    for (const [part, size] of sizes.entries()) {
      const res = await putAt(s.student, clientId, part, offset, audio.subarray(offset, offset + size));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ part, size });
      offset += size;
    }
    expect(await partObjects()).toHaveLength(before.length + objectsFor(sizes.length));
    expect((await status(s.student, clientId)).json().parts).toEqual(
      sizes.map((size, part) => ({ part, size })),
    );
    const storage = t.app.ctx.storage;
    const linked = storage.linkAs ? vi.spyOn(storage, 'linkAs') : undefined;
    const res = await complete(s.student, clientId, description(audio, sizes.length));
    expect(res.statusCode, res.body).toBe(200);
    if (linked) expect(linked).toHaveBeenCalledTimes(1);
    linked?.mockRestore();
    const [row] = await recordingsOf(clientId);
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
    expect(await partObjects()).toEqual(before);
  });

  it('takes a resend of another size at the same place: the bytes at each offset are the recording’s', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(3 * RECORDING_PART_BYTES + 10);
    // A first attempt sent 256 KiB parts 0 and 1; the next resends part 1 larger, then the rest.
    expect((await putAt(s.student, clientId, 0, 0, audio.subarray(0, RECORDING_PART_BYTES))).statusCode).toBe(
      200,
    );
    const second = audio.subarray(RECORDING_PART_BYTES, 2 * RECORDING_PART_BYTES);
    expect((await putAt(s.student, clientId, 1, RECORDING_PART_BYTES, second)).statusCode).toBe(200);
    const larger = audio.subarray(RECORDING_PART_BYTES, 3 * RECORDING_PART_BYTES);
    expect((await putAt(s.student, clientId, 1, RECORDING_PART_BYTES, larger)).statusCode).toBe(200);
    const rest = audio.subarray(3 * RECORDING_PART_BYTES);
    expect((await putAt(s.student, clientId, 2, 3 * RECORDING_PART_BYTES, rest)).statusCode).toBe(200);
    expect((await status(s.student, clientId)).json().parts).toEqual([
      { part: 0, size: RECORDING_PART_BYTES },
      { part: 1, size: 2 * RECORDING_PART_BYTES },
      { part: 2, size: 10 },
    ]);
    const res = await complete(s.student, clientId, description(audio, 3));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await recordingsOf(clientId);
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
  });

  it('refuses an offset that is no number (400) or a part reaching past the largest recording (413)', async () => {
    const clientId = crypto.randomUUID();
    const before = await partObjects();
    expectError(await putAt(s.student, clientId, 0, -1, webm(10)), 400);
    expectError(await putAt(s.student, clientId, 0, 'x', webm(10)), 400);
    expectError(await putAt(s.student, clientId, 0, 1.5, webm(10)), 400);
    // The test app caps recordings at 1 MB: bytes from there on are no part of one.
    expectMessage(
      await putAt(s.student, clientId, 0, 1024 * 1024 - 5, webm(10)),
      413,
      RECORDING_TEXT.tooLarge(1),
    );
    expect((await putAt(s.student, clientId, 0, 1024 * 1024 - 10, webm(10))).statusCode).toBe(200);
    expect(await partObjects()).toHaveLength(before.length + 1);
  });

  it('joins parts of other sizes (larger than the client’s, or a short one before others) byte for byte', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(RECORDING_PART_BYTES + 300 * 1024 + 100 * 1024 + 777);
    const parts = [
      audio.subarray(0, RECORDING_PART_BYTES),
      audio.subarray(RECORDING_PART_BYTES, RECORDING_PART_BYTES + 300 * 1024),
      audio.subarray(RECORDING_PART_BYTES + 300 * 1024, RECORDING_PART_BYTES + 400 * 1024),
      audio.subarray(RECORDING_PART_BYTES + 400 * 1024),
    ];
    const before = await partObjects();
    await sendAll(s.student, clientId, parts);
    const res = await complete(s.student, clientId, description(audio, parts.length));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await recordingsOf(clientId);
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
    expect(await partObjects()).toEqual(before);
  });

  it('holds no part whose bytes stopped short (a cut connection), and takes a chunked one whole', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(2 * RECORDING_PART_BYTES);
    const [first, second] = split(audio, RECORDING_PART_BYTES);
    async function* cut(bytes: Buffer, fail: boolean): AsyncGenerator<Uint8Array> {
      yield bytes.subarray(0, 1000);
      if (fail) throw new Error('aborted');
    }
    const ctx = t.app.ctx;
    // The service alone, past the route's access check.
    const sender = { studentId: s.student.id, family: null, confirm: () => undefined };
    await expect(
      putUploadPart(ctx, sender, clientId, 0, async () => ({
        size: first.length,
        content: cut(first, true),
      })),
    ).rejects.toThrow('aborted');
    await expect(
      putUploadPart(ctx, sender, clientId, 1, async () => ({
        size: second.length,
        content: cut(second, false),
      })),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await status(s.student, clientId)).json().parts).toEqual([]);
    const chunked = await as(
      t.app,
      s.student,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${clientId}/parts/0`,
      payload: Readable.from([first.subarray(0, 1000), first.subarray(1000)]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(chunked.statusCode, chunked.body).toBe(200);
    expect(chunked.json()).toEqual({ part: 0, size: first.length });
    await sendAll(s.student, clientId, [first, second]);
    const res = await complete(s.student, clientId, description(audio, 2));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await recordingsOf(clientId);
    expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
  });

  it('forgets parts whose stored bytes are gone: complete answers 409, and the parts sent again complete it', async () => {
    const clientId = crypto.randomUUID();
    const audio = webm(2 * RECORDING_PART_BYTES + 10);
    const parts = split(audio, RECORDING_PART_BYTES);
    await sendAll(s.student, clientId, parts);
    const held = await partObjectsOf(clientId);
    for (const key of new Set(held.map((p) => p.storage_key))) await t.app.ctx.storage.delete(key);
    const lost = await complete(s.student, clientId, description(audio, parts.length));
    if (t.app.ctx.storage.writeAt) {
      expectMessage(lost, 409, RECORDING_TEXT.partsMissing);
      expect((await status(s.student, clientId)).json().parts).toEqual([]);
      await sendAll(s.student, clientId, parts);
      const res = await complete(s.student, clientId, description(audio, parts.length));
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await recordingsOf(clientId);
      expect((await storedBytes(row.storage_key)).equals(audio)).toBe(true);
    } else {
      // Objects of their own are read as they are joined: a missing one fails the request.
      expect(lost.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});

describe.each(DATABASES)('unfinished uploads and small parts on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;
  let other: ExamSetup;

  const putPart = (caller: Caller, clientId: string, part: number, bytes: Buffer) =>
    as(
      t.app,
      caller,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${clientId}/parts/${part}`,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const complete = (caller: Caller, clientId: string, parts: Buffer[]) =>
    as(
      t.app,
      caller,
    )({
      method: 'POST',
      url: `/api/student/uploads/${clientId}/complete`,
      payload: {
        examID: s.exam.id,
        variantID: s.variant.id,
        duration: 5,
        parts: parts.length,
        size: parts.reduce((sum, p) => sum + p.length, 0),
      },
    });
  const partRows = (clientId: string) =>
    t.app.ctx.db.selectFrom('upload_parts').selectAll().where('client_id', '=', clientId).execute();

  beforeAll(async () => {
    t = await createTestApp(kind, { STUDENT_OPEN_UPLOADS_MAX: '2' });
    s = await setupExam(t.app);
    other = await setupExam(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('STUDENT_OPEN_UPLOADS_MAX is 10 by default', () => {
    expect(loadConfig({}).studentOpenUploadsMax).toBe(10);
  });

  it('keeps a student to STUDENT_OPEN_UPLOADS_MAX unfinished uploads: a further one answers 429 with Retry-After until one is done', async () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const first = webm(PART);
    expect((await putPart(s.student, a, 0, first)).statusCode).toBe(200);
    expect((await putPart(s.student, b, 0, webm(PART))).statusCode).toBe(200);
    const objects = await storedObjects(t);
    const refused = await putPart(s.student, c, 0, webm(PART));
    expectMessage(refused, 429, RECORDING_TEXT.tooManyOpenUploads(2));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await partRows(c)).toHaveLength(0);
    expect(await storedObjects(t)).toEqual(objects);
    // The open ones go on; another student has uploads of their own.
    expect((await putPart(s.student, a, 1, webm(100))).statusCode).toBe(200);
    expect((await putPart(s.student, b, 0, webm(PART))).statusCode).toBe(200);
    expect((await putPart(other.student, crypto.randomUUID(), 0, webm(PART))).statusCode).toBe(200);
    // One done, the next may start.
    const done = await complete(s.student, a, [first, webm(100)]);
    expect(done.statusCode, done.body).toBe(200);
    expect((await putPart(s.student, c, 0, webm(PART))).statusCode).toBe(200);
  });

  it('checks the limit again once a first part is stored: parallel new uploads never pass it together', async () => {
    const student = await setupExam(t.app);
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    const partObjects = async () => (await storedObjects(t)).filter((o) => o.startsWith('parts'));
    const before = await partObjects();
    const answers = await Promise.all(ids.map((id) => putPart(student.student, id, 0, webm(PART))));
    expect(answers.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(2);
    expect(answers.every((r) => [200, 429].includes(r.statusCode))).toBe(true);
    const open = await t.app.ctx.db
      .selectFrom('upload_parts')
      .select('client_id')
      .distinct()
      .where('student_id', '=', student.student.id)
      .execute();
    expect(open.length).toBeLessThanOrEqual(2);
    expect(open.length).toBe(answers.filter((r) => r.statusCode === 200).length);
    // A refused upload leaves no bytes behind: one object (its part, or its staging object) per open one.
    expect(await partObjects()).toHaveLength(before.length + open.length);
  });

  it('refuses at complete a part but the last smaller than 64 KiB (400), and takes a small last part', async () => {
    const student = await setupExam(t.app);
    const small = crypto.randomUUID();
    const parts = [webm(1000), webm(PART)];
    for (const [i, p] of parts.entries())
      expect((await putPart(student.student, small, i, p)).statusCode).toBe(200);
    const refused = await as(
      t.app,
      student.student,
    )({
      method: 'POST',
      url: `/api/student/uploads/${small}/complete`,
      payload: {
        examID: student.exam.id,
        variantID: student.variant.id,
        duration: 5,
        parts: 2,
        size: 1000 + PART,
      },
    });
    expectMessage(refused, 400, RECORDING_TEXT.partTooSmall(64));
    expect(
      await t.app.ctx.db.selectFrom('recordings').select('id').where('client_id', '=', small).execute(),
    ).toHaveLength(0);
    // The same bytes in a 64 KiB part and a small last one are taken.
    const fine = crypto.randomUUID();
    const audio = webm(PART + 1000);
    expect((await putPart(student.student, fine, 0, audio.subarray(0, PART))).statusCode).toBe(200);
    expect((await putPart(student.student, fine, 1, audio.subarray(PART))).statusCode).toBe(200);
    const res = await as(
      t.app,
      student.student,
    )({
      method: 'POST',
      url: `/api/student/uploads/${fine}/complete`,
      payload: {
        examID: student.exam.id,
        variantID: student.variant.id,
        duration: 5,
        parts: 2,
        size: audio.length,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('migrates parts both ways: back down, parts in a staging object go (sent again), parts of their own stay', async () => {
    const { db } = t.app.ctx;
    const clientId = crypto.randomUUID();
    const at = {
      student_id: s.student.id,
      client_id: clientId,
      size: PART,
      created_at: new Date().toISOString(),
    };
    await db
      .insertInto('upload_parts')
      .values([
        { ...at, part: 0, storage_key: 'parts/aa/own', byte_offset: null },
        { ...at, part: 1, storage_key: 'parts/bb/staging', byte_offset: PART },
        { ...at, part: 2, storage_key: 'parts/bb/staging', byte_offset: 2 * PART },
      ])
      .execute();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration takes any schema
    const raw = db as unknown as Kysely<any>;
    await m0012.down(raw);
    expect(
      (await raw.selectFrom('upload_parts').select('part').where('client_id', '=', clientId).execute()).map(
        (r) => r.part,
      ),
    ).toEqual([0]);
    await m0012.up(raw);
    expect(await partRows(clientId)).toMatchObject([
      { part: 0, storage_key: 'parts/aa/own', byte_offset: null },
    ]);
    // A key is shared again, and the part numbers of one upload stay unique.
    await db
      .insertInto('upload_parts')
      .values([
        { ...at, part: 1, storage_key: 'parts/cc/staging', byte_offset: PART },
        { ...at, part: 2, storage_key: 'parts/cc/staging', byte_offset: 2 * PART },
      ])
      .execute();
    await expect(
      db
        .insertInto('upload_parts')
        .values({ ...at, part: 2, storage_key: 'parts/dd/x', byte_offset: null })
        .execute(),
    ).rejects.toThrow();
    await db.deleteFrom('upload_parts').where('client_id', '=', clientId).execute();
  });
});
