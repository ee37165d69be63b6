import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitFlusher, createDatabase } from '../../server/db/connect';
import { setupExam, webm, type ExamSetup } from './helpers/recordings';
import { as, createTestApp, DATABASES, type TestApp } from './helpers/test-app';

/** The prototype of every FileHandle (where `datasync` lives). */
async function fileHandles(dir: string): Promise<fsp.FileHandle> {
  const probe = await fsp.open(path.join(dir, 'probe'), 'w');
  await probe.close();
  return Object.getPrototypeOf(probe) as fsp.FileHandle;
}

/** A device deletes what the server confirmed: the confirmation must outlive a crash of the machine. */
describe.each(DATABASES)('a write answered once it is on the disk, on %s', (kind) => {
  let t: TestApp;
  let s: ExamSetup;

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setupExam(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const putPart = (clientId: string, bytes: Buffer) =>
    as(
      t.app,
      s.student,
    )({
      method: 'PUT',
      url: `/api/student/uploads/${clientId}/parts/0?offset=0`,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const complete = (clientId: string, audio: Buffer) =>
    as(
      t.app,
      s.student,
    )({
      method: 'POST',
      url: `/api/student/uploads/${clientId}/complete`,
      payload: {
        examID: s.exam.id,
        variantID: s.variant.id,
        mime: 'audio/webm;codecs=opus',
        duration: 3,
        taskStarts: [0],
        parts: 1,
        size: audio.length,
      },
    });

  it('confirms a recording only after its commit is flushed; a part and a read do not wait for a flush', async () => {
    const flush = vi.spyOn(t.app.ctx, 'flushCommits');
    const clientId = crypto.randomUUID();
    const audio = webm(40 * 1024);
    expect((await putPart(clientId, audio)).statusCode).toBe(200);
    expect(
      (await as(t.app, s.student)({ method: 'GET', url: `/api/student/uploads/${clientId}` })).statusCode,
    ).toBe(200);
    expect(flush).not.toHaveBeenCalled();

    let release!: () => void;
    flush.mockImplementationOnce(() => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const confirmed = complete(clientId, audio).then((res) => {
      answered = true;
      return res;
    });
    await vi.waitFor(() => expect(flush).toHaveBeenCalledTimes(1));
    // The recording is committed, but its answer waits for the flush.
    const [row] = await t.app.ctx.db
      .selectFrom('recordings')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(row).toBeDefined();
    expect(answered).toBe(false);
    release();
    const res = await confirmed;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id });
  });

  it('answers a write that could not be flushed as a failure, never as confirmed', async () => {
    vi.spyOn(t.app.ctx, 'flushCommits').mockRejectedValueOnce(
      Object.assign(new Error('I/O error'), { code: 'EIO' }),
    );
    const clientId = crypto.randomUUID();
    const audio = webm(40 * 1024);
    expect((await putPart(clientId, audio)).statusCode).toBe(200);
    const res = await complete(clientId, audio);
    expect(res.statusCode).toBe(500);
    // The device keeps its copy and sends again: the same recording is answered then.
    const again = await complete(clientId, audio);
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('the commits flushed to the disk', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ustno-flush-'));
  });
  afterAll(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('SQLite: flushes its WAL file, which holds the commits since the last checkpoint', async () => {
    const target = { databaseUrl: undefined, dataDir: dir };
    const db = createDatabase(target);
    try {
      await sql`create table answers (id integer primary key)`.execute(db);
      await sql`insert into answers (id) values (1)`.execute(db);
      const handles = await fileHandles(dir);
      const open = vi.spyOn(fsp, 'open');
      const datasync = vi.spyOn(handles, 'datasync');
      await commitFlusher(target)();
      expect(open).toHaveBeenCalledWith(path.join(dir, 'ustno.sqlite-wal'), 'r');
      expect(datasync).toHaveBeenCalledTimes(1);
    } finally {
      await db.destroy();
    }
  });

  it('SQLite without a WAL file (the last connection checkpointed it away): nothing to flush', async () => {
    const empty = await fsp.mkdtemp(path.join(dir, 'none-'));
    await expect(commitFlusher({ databaseUrl: undefined, dataDir: empty })()).resolves.toBeUndefined();
  });

  it('PostgreSQL: its commits wait for the disk themselves; no file is touched', async () => {
    const open = vi.spyOn(fsp, 'open');
    await commitFlusher({ databaseUrl: 'postgres://nowhere/none', dataDir: dir })();
    expect(open).not.toHaveBeenCalled();
  });
});
