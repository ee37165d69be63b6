import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV, reportOk, rowOf, setupClass } from './helpers/exam-day';
import { openEvents } from './helpers/event-stream';
import { uploadMultipartRecording, validFields } from './helpers/recordings';
import { startRelay } from './helpers/tcp-relay';
import { createTestApp, type TestApp } from './helpers/test-app';

// vitest.config.ts leaves this file out only when TEST_REDIS_URL is unset (as the rate limits'
// Redis test); run on its own without it, it fails rather than pass having tested nothing.
const REDIS_URL = process.env.TEST_REDIS_URL;

describe('two instances share the exam day’s events through Redis (REDIS_URL)', () => {
  let a: TestApp;
  let b: TestApp;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let dataDir: string;

  beforeAll(async () => {
    if (!REDIS_URL) throw new Error('TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
    // One SQLite database for both; b reaches Redis through a relay the test can cut.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-redis-'));
    relay = await startRelay(new URL(REDIS_URL), 6379);
    a = await createTestApp('sqlite', { ...ENV, REDIS_URL }, { dataDir });
    b = await createTestApp('sqlite', { ...ENV, REDIS_URL: relay.url }, { dataDir });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await relay?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const iso = () => new Date().toISOString();

  it('a report and an upload made through one instance reach a stream open on the other, without the events table', async () => {
    const c = await setupClass(a.app, ['Шапошникова']);
    const [student] = c.students;
    const { reader } = await openEvents(b.app, c.teacher.token, c.exam.id);
    await reader.progress();
    await reportOk(a.app, student, c.exam.id, {
      clientId: crypto.randomUUID(),
      state: 'recording',
      task: 1,
      at: iso(),
    });
    const p = await reader.progress((x) => rowOf(x, student).state === 'in-progress');
    expect(rowOf(p, student).task).toBe(1);
    const upload = await uploadMultipartRecording(
      a.app,
      student,
      validFields({ student, exam: c.exam, variant: c.variant }),
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const received = await reader.progress((x) => rowOf(x, student).state === 'received');
    expect(rowOf(received, student).recordingId).toBe(upload.json().id);
    // Redis carried them: nothing went through the database's events table.
    const rows = await a.app.ctx.db.selectFrom('exam_progress_events').select('id').execute();
    expect(rows).toEqual([]);
    reader.close();
  });

  it('reads the views afresh when its subscription comes back after Redis was away', async () => {
    const c = await setupClass(a.app, ['Щербаков']);
    const [student] = c.students;
    const { reader } = await openEvents(b.app, c.teacher.token, c.exam.id);
    await reader.progress();
    await relay.cut();
    // Published while b cannot hear it.
    await reportOk(a.app, student, c.exam.id, {
      clientId: crypto.randomUUID(),
      state: 'finished',
      task: 2,
      pendingBytes: 777,
      at: iso(),
    });
    await relay.restore();
    // b subscribes again by itself and reads the exam again: the missed change shows.
    const p = await reader.progress((x) => rowOf(x, student).state === 'on-device', 15_000);
    expect(rowOf(p, student).pendingBytes).toBe(777);
    reader.close();
  });
});
