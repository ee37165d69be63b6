import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitFlusher, createDatabase } from '../../server/db/connect';
import { fileHandles } from './helpers/file-handles';
import { completeUpload, setupExam, webm, type ExamSetup } from './helpers/recordings';
import { as, createTestApp, DATABASES, type TestApp } from './helpers/test-app';

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
    completeUpload(t.app, s, clientId, { parts: 1, size: audio.length });

  const status = (clientId: string) =>
    as(t.app, s.student)({ method: 'GET', url: `/api/student/uploads/${clientId}` });
  const ioError = () => Object.assign(new Error('I/O error'), { code: 'EIO' });

  it('confirms a recording only after its commit is flushed; a part and a read do not wait for a flush', async () => {
    const flush = vi.spyOn(t.app.ctx, 'flushCommits');
    const clientId = crypto.randomUUID();
    const audio = webm(40 * 1024);
    expect((await putPart(clientId, audio)).statusCode).toBe(200);
    expect((await status(clientId)).statusCode).toBe(200);
    expect(flush).not.toHaveBeenCalled();

    const events: string[] = [];
    let release!: () => void;
    flush.mockImplementationOnce(() => {
      events.push('flush begun');
      return new Promise<void>((resolve) => {
        release = () => {
          events.push('flushed');
          resolve();
        };
      });
    });
    const confirmed = complete(clientId, audio).then((res) => {
      events.push('answered');
      return res;
    });
    await vi.waitFor(() => expect(events).toEqual(['flush begun']), { timeout: 10_000 });
    // The recording is committed, its answer held: a hook that did not wait would answer now.
    const [row] = await t.app.ctx.db
      .selectFrom('recordings')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(row).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const res = await confirmed;
    expect(events).toEqual(['flush begun', 'flushed', 'answered']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id });
  });

  it('answers a write that could not be flushed as a failure, and shows its recording to no status call until flushed', async () => {
    const flush = vi.spyOn(t.app.ctx, 'flushCommits');
    const clientId = crypto.randomUUID();
    const audio = webm(40 * 1024);
    expect((await putPart(clientId, audio)).statusCode).toBe(200);
    flush.mockRejectedValueOnce(ioError());
    expect((await complete(clientId, audio)).statusCode).toBe(500);
    // The device then asks what the server holds: the recording is committed, not yet on the disk.
    flush.mockRejectedValueOnce(ioError());
    expect((await status(clientId)).statusCode).toBe(500);
    const held = await status(clientId);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ recordingId: expect.any(Number) });
    expect(flush).toHaveBeenCalledTimes(3);
    // A send that completes again answers the same recording.
    const again = await complete(clientId, audio);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ id: held.json().recordingId });
  });

  it('does not wait for a flush to refuse: a refusal is never a confirmation', async () => {
    const flush = vi.spyOn(t.app.ctx, 'flushCommits');
    const res = await complete(crypto.randomUUID(), webm(1024));
    expect(res.statusCode).toBe(409);
    expect(flush).not.toHaveBeenCalled();
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
      expect(open).toHaveBeenCalledWith(path.join(dir, 'ustno.sqlite-wal'), 'r+');
      expect(datasync).toHaveBeenCalledTimes(1);
    } finally {
      await db.destroy();
    }
  });

  it('SQLite: writes answered at once share flushes, each waiting for one begun after it asked', async () => {
    const target = { databaseUrl: undefined, dataDir: dir };
    const db = createDatabase(target);
    try {
      await sql`create table if not exists answers (id integer primary key)`.execute(db);
      const flushes: (() => void)[] = [];
      vi.spyOn(await fileHandles(dir), 'datasync').mockImplementation(
        () => new Promise<void>((resolve) => flushes.push(resolve)),
      );
      const flush = commitFlusher(target);
      const first = flush();
      await vi.waitFor(() => expect(flushes).toHaveLength(1), { timeout: 10_000 });
      let laterDone = 0;
      const later = Array.from({ length: 5 }, () => flush().then(() => void (laterDone += 1)));
      // The five asked while the first ran: its end is not theirs.
      flushes[0]();
      await first;
      await vi.waitFor(() => expect(flushes).toHaveLength(2), { timeout: 10_000 });
      expect(laterDone).toBe(0);
      flushes[1]();
      await Promise.all(later);
      expect(flushes).toHaveLength(2);
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
