import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app';

const synchronousCommit = async (db: TestApp['app']['ctx']['db']) =>
  (await sql<{ setting: string }>`select current_setting('synchronous_commit') as setting`.execute(db))
    .rows[0].setting;

/**
 * An upload's parts and binding are written where commits do not wait for the disk (a device
 * sends again what a crash lost); everything else waits for it as before.
 */
describe.each(DATABASES)('the replayable database on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  if (kind === 'postgres') {
    it('commits without waiting for the disk in a pool of its own; the app’s own database still waits', async () => {
      const { db, replayableDb } = t.app.ctx;
      expect(replayableDb).not.toBe(db);
      expect(await synchronousCommit(replayableDb)).toBe('off');
      expect(await synchronousCommit(db)).toBe('on');
    });
  } else {
    it('is the app’s own database (SQLite’s commits do not wait for the disk already)', () => {
      expect(t.app.ctx.replayableDb).toBe(t.app.ctx.db);
    });
  }
});
