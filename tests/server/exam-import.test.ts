import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examProgressSchema, IMPORT_FILES_MAX } from '@/shared/contract/progress';
import { EXAM_DAY_TEXT, RECORDING_TEXT } from '@/shared/messages';
import { multipart } from './helpers/authoring';
import {
  mp4,
  setupExam,
  uploadMultipartRecording,
  validFields,
  webm,
  type ExamSetup,
} from './helpers/recordings';
import { answerJson, importFiles, importResults, storedZip, ustnoFile } from './helpers/ustno';
import { as, createTestApp, DATABASES, registerAndLogin, type TestApp } from './helpers/test-app';

// Answers brought in as `.ustno` files (issue 23.3): attached once by their clientId, refused with
// a reason otherwise, checked like any upload.

/** A recording's cap of 1 MB here, so that a file over it is small enough to send. */
const ENV = { MAX_RECORDING_MB: '1' };

describe.each(DATABASES)('answers brought in as .ustno files on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;

  beforeAll(async () => {
    t = await createTestApp(kind, ENV);
    s = await setupExam(t.app, { student: { surname: 'Яковлева', name: 'Анна' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const detail = async (id: number) => {
    const res = await as(t.app, s.teacher)({ method: 'GET', url: `/api/teacher/audios/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('attaches a teacher’s file to its student once; the same file again is a duplicate of that recording', async () => {
    const answer = answerJson(s, { duration: 30, taskStarts: [0, 12.5], questionStarts: [[1], [13, 20]] });
    const audio = webm(6000);
    const file = { name: 'Яковлева.ustno', data: ustnoFile(answer, audio) };
    const [first] = importResults(await importFiles(t.app, s.teacher, 'teacher', s.exam.id, [file]));
    expect(first).toEqual({
      file: 'Яковлева.ustno',
      status: 'attached',
      studentId: s.student.id,
      recordingId: expect.any(Number),
    });
    const recording = await detail(first.recordingId as number);
    expect(recording).toMatchObject({ duration: 30, taskStarts: [0, 12.5], questionStarts: [[1], [13, 20]] });
    // The bytes as the file held them, served like any recording.
    const content = await t.app.inject({ method: 'GET', url: recording.access });
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(audio)).toBe(true);

    const [again] = importResults(await importFiles(t.app, s.teacher, 'teacher', s.exam.id, [file]));
    expect(again).toEqual({ ...first, status: 'duplicate' });
    const rows = await t.app.ctx.db
      .selectFrom('recordings')
      .select('id')
      .where('client_id', '=', answer.clientId as string)
      .execute();
    expect(rows).toHaveLength(1);

    // The teacher's progress view shows it received.
    const progress = await as(
      t.app,
      s.teacher,
    )({ method: 'GET', url: `/api/teacher/exam/${s.exam.id}/progress` });
    const row = examProgressSchema.parse(progress.json()).students.find((x) => x.id === s.student.id);
    expect(row).toMatchObject({ state: 'received' });
  });

  it('answers a file whose recording the device uploaded meanwhile as that recording (duplicate)', async () => {
    const fields = validFields(s);
    const upload = await uploadMultipartRecording(t.app, s.student, fields);
    expect(upload.statusCode, upload.body).toBe(200);
    const file = ustnoFile(answerJson(s, { clientId: fields.clientId }), webm());
    const [result] = importResults(
      await importFiles(t.app, s.teacher, 'teacher', s.exam.id, [{ name: 'a.ustno', data: file }]),
    );
    expect(result).toMatchObject({
      status: 'duplicate',
      recordingId: upload.json().id,
      studentId: s.student.id,
    });
  });

  it('takes an MP4 answer (answer.m4a) and several files at once, answering each in order', async () => {
    const files = [
      { name: '1.ustno', data: ustnoFile(answerJson(s, { mime: 'audio/mp4' }), mp4(5000), 'answer.m4a') },
      { name: '2.ustno', data: Buffer.from('не архив') },
      { name: '3.ustno', data: ustnoFile(answerJson(s), webm(3000)) },
    ];
    const results = importResults(await importFiles(t.app, s.teacher, 'teacher', s.exam.id, files));
    expect(results.map((r) => [r.file, r.status])).toEqual([
      ['1.ustno', 'attached'],
      ['2.ustno', 'refused'],
      ['3.ustno', 'attached'],
    ]);
    expect(results[1].message).toBe(EXAM_DAY_TEXT.fileNotUstno);
    expect((await detail(results[0].recordingId as number)).mime).toBe('audio/mp4');
  });

  it('refuses, each with its reason, a file of another exam, of a student not given it, broken or not a recording', async () => {
    const other = await setupExam(t.app);
    const stranger = await registerAndLogin(t.app, 'student');
    const cases: Array<[string, Buffer, string]> = [
      ['другой экзамен', ustnoFile(answerJson(other), webm()), EXAM_DAY_TEXT.fileOtherExam],
      [
        'чужой ученик',
        ustnoFile(answerJson({ ...s, student: stranger }), webm()),
        EXAM_DAY_TEXT.fileStudentNotGiven,
      ],
      [
        'вариант не из экзамена',
        ustnoFile(answerJson({ ...s, variant: other.variant }), webm()),
        EXAM_DAY_TEXT.fileStudentNotGiven,
      ],
      [
        'не запись',
        ustnoFile(answerJson(s), Buffer.from('<html>не запись</html>'.repeat(20))),
        EXAM_DAY_TEXT.fileNotRecording,
      ],
      ['не zip', crypto.randomBytes(2000), EXAM_DAY_TEXT.fileNotUstno],
      ['без описания', storedZip([{ name: 'answer.webm', data: webm() }]), EXAM_DAY_TEXT.fileEntries],
      [
        'лишний файл',
        storedZip([
          { name: 'answer.json', data: Buffer.from(JSON.stringify(answerJson(s))) },
          { name: 'answer.webm', data: webm() },
          { name: 'virus.exe', data: Buffer.from('MZ') },
        ]),
        EXAM_DAY_TEXT.fileEntries,
      ],
      [
        'описание не JSON',
        storedZip([
          { name: 'answer.json', data: Buffer.from('{ не json') },
          { name: 'answer.webm', data: webm() },
        ]),
        EXAM_DAY_TEXT.fileJsonInvalid('это не JSON'),
      ],
      [
        'новая версия',
        ustnoFile(answerJson(s, { version: 2 as unknown as 1 }), webm()),
        EXAM_DAY_TEXT.fileVersion,
      ],
    ];
    const results = importResults(
      await importFiles(
        t.app,
        s.teacher,
        'teacher',
        s.exam.id,
        cases.map(([name, data]) => ({ name, data })),
      ),
    );
    expect(results.map((r) => [r.file, r.status, r.message])).toEqual(
      cases.map(([name, , message]) => [name, 'refused', message]),
    );
    expect(results.every((r) => r.recordingId === undefined)).toBe(true);
  });

  it('checks the description by the upload’s rules: ids, clientId, duration, task starts, times', async () => {
    const bad: Array<Record<string, unknown>> = [
      { duration: -1 },
      { duration: 'долго' },
      { taskStarts: [0, 99] },
      { taskStarts: [-1] },
      { questionStarts: [Array.from({ length: 21 }, () => 1)] },
      { clientId: 'не-uuid' },
      { studentId: 0 },
      { examID: 'первый' },
      { recordedAt: 'вчера' },
      { interrupted: 'да' },
      { version: undefined },
    ];
    const files = bad.map((overrides, i) => ({
      name: `${i}.ustno`,
      data: ustnoFile(answerJson(s, overrides), webm()),
    }));
    const results = importResults(await importFiles(t.app, s.teacher, 'teacher', s.exam.id, files));
    for (const [i, r] of results.entries()) {
      expect(r.status, JSON.stringify(bad[i])).toBe('refused');
      expect(r.message, JSON.stringify(bad[i])).toMatch(/^Описание ответа \(answer\.json\) неверно: /);
    }
  });

  it('refuses a file over the recording’s cap and an audio entry over it, and a clientId of another student’s recording', async () => {
    const big = webm(1024 * 1024 + 10);
    const [tooBig] = importResults(
      await importFiles(t.app, s.teacher, 'teacher', s.exam.id, [
        { name: 'большой.ustno', data: ustnoFile(answerJson(s), big) },
      ]),
    );
    expect(tooBig).toMatchObject({ status: 'refused', message: RECORDING_TEXT.tooLarge(1) });

    const theirs = await setupExam(t.app);
    const upload = await uploadMultipartRecording(t.app, theirs.student, validFields(theirs));
    expect(upload.statusCode).toBe(200);
    const clientId = (
      await t.app.ctx.db
        .selectFrom('recordings')
        .select('client_id')
        .where('id', '=', upload.json().id)
        .executeTakeFirstOrThrow()
    ).client_id;
    const [taken] = importResults(
      await importFiles(t.app, s.teacher, 'teacher', s.exam.id, [
        { name: 'чужой clientId.ustno', data: ustnoFile(answerJson(s, { clientId }), webm()) },
      ]),
    );
    expect(taken).toMatchObject({ status: 'refused', message: EXAM_DAY_TEXT.fileClientIdTaken });
  });

  it('lets a student bring their own file (only theirs) into an exam given to them', async () => {
    const classmate = await registerAndLogin(t.app, 'student');
    const own = ustnoFile(answerJson(s), webm());
    const someoneElses = ustnoFile(answerJson({ ...s, student: classmate }), webm());
    const results = importResults(
      await importFiles(t.app, s.student, 'student', s.exam.id, [
        { name: 'мой.ustno', data: own },
        { name: 'не мой.ustno', data: someoneElses },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'attached', studentId: s.student.id });
    expect(results[1]).toEqual({
      file: 'не мой.ustno',
      status: 'refused',
      message: EXAM_DAY_TEXT.fileOtherStudent,
    });
    const mine = await as(
      t.app,
      s.student,
    )({ method: 'GET', url: `/api/student/audios/${results[0].recordingId}` });
    expect(mine.statusCode, mine.body).toBe(200);

    // An exam never given to the student: 404 like a missing one, whatever the files.
    const other = await setupExam(t.app);
    const notGiven = await importFiles(t.app, s.student, 'student', other.exam.id, [
      { name: 'x.ustno', data: own },
    ]);
    const missing = await importFiles(t.app, s.student, 'student', 2_000_000_000, [
      { name: 'x.ustno', data: own },
    ]);
    expect(notGiven.statusCode).toBe(404);
    expect(notGiven.body).toBe(missing.body);
  });

  it('answers another teacher’s exam like a missing one, 400 without files, 415 without a form; refuses files past the limit', async () => {
    const other = await registerAndLogin(t.app, 'teacher');
    const file = { name: 'x.ustno', data: ustnoFile(answerJson(s), webm()) };
    const foreign = await importFiles(t.app, other, 'teacher', s.exam.id, [file]);
    const missing = await importFiles(t.app, other, 'teacher', 2_000_000_000, [file]);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);

    const none = await importFiles(
      t.app,
      s.teacher,
      'teacher',
      s.exam.id,
      [],
      [{ name: 'note', data: 'без файлов' }],
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(EXAM_DAY_TEXT.importNoFiles);
    const json = await as(
      t.app,
      s.teacher,
    )({
      method: 'POST',
      url: `/api/teacher/exam/${s.exam.id}/import`,
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(415);

    const many = Array.from({ length: IMPORT_FILES_MAX + 1 }, (_, i) => ({
      name: `${i}.ustno`,
      data: Buffer.from('x'),
    }));
    const results = importResults(await importFiles(t.app, s.teacher, 'teacher', s.exam.id, many));
    expect(results).toHaveLength(IMPORT_FILES_MAX + 1);
    expect(results.at(-1)).toMatchObject({
      status: 'refused',
      message: EXAM_DAY_TEXT.importTooManyFiles(IMPORT_FILES_MAX),
    });
    const broken = await as(
      t.app,
      s.teacher,
    )({
      method: 'POST',
      url: `/api/teacher/exam/${s.exam.id}/import`,
      ...multipart([{ name: 'files', filename: 'a.ustno', data: 'x' }]),
      payload: 'not a multipart body',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('leaves no temporary file behind, and what it made is the app user’s alone', async () => {
    const dir = path.join(t.dataDir, 'imports');
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
