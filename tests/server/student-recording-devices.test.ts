import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from './helpers/expect-error';
import { setupExam, uploadMultipartRecording, validFields, type ExamSetup } from './helpers/recordings';
import { as, createTestApp, DATABASES, type TestApp } from './helpers/test-app';

/** Recorded by Chromium as iOS Safari records: audio/mp4 (Opus), from the fake microphone. */
const MP4_RECORDING = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/recording-opus.m4a'));

describe.each(DATABASES)('recordings from every device on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a real audio/mp4 recording sent as interrupted, and serves it back byte for byte', async () => {
    const res = await uploadMultipartRecording(
      t.app,
      s.student,
      validFields(s, { mime: 'audio/mp4', duration: 2.2, taskStarts: [0, 1.2], peaks: [0.1, 0.4] }),
      MP4_RECORDING,
      { extraParts: [{ name: 'interrupted', data: 'true' }] },
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = await as(t.app, s.student)({ method: 'GET', url: `/api/student/audios/${res.json().id}` });
    expect(detail.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: detail.json().access });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mp4');
    expect(file.rawPayload.equals(MP4_RECORDING)).toBe(true);
  });

  it('refuses an interrupted flag that is neither true nor false', async () => {
    const res = await uploadMultipartRecording(t.app, s.student, validFields(s), undefined, {
      extraParts: [{ name: 'interrupted', data: 'maybe' }],
    });
    expect(expectError(res, 400).join(' ')).toContain('Признак прерванной записи');
  });
});
