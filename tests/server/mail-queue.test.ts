import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueMails } from '../../server/modules/mail-queue/repository';
import { enqueueMail } from '../../server/modules/mail-queue/service';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app';

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe.each(DATABASES)('mail queue claims on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Leave the queue to the test: no sender of the app's own runs in between.
    await t.app.ctx.background.drain();
  });
  afterAll(async () => {
    await t.close();
  });

  it('hands every due mail to exactly one of many senders claiming at the same moment', async () => {
    const db = t.app.ctx.db;
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      ids.push(await enqueueMail(db, { to: `m${i}@example.ru`, subject: 's', text: 't' }, iso(-60_000)));
    }
    // Ten senders (PostgreSQL: ten pool connections at once), each claiming until nothing is due.
    const now = iso(0);
    const lease = iso(600_000);
    const claims = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const mine: number[] = [];
        for (;;) {
          const batch = await claimDueMails(db, now, 12, 5, lease);
          if (batch.length === 0) return mine;
          mine.push(...batch.map((m) => m.id));
        }
      }),
    );
    const all = claims.flat().sort((a, b) => a - b);
    expect(all).toEqual(ids);
    // Held mails are not due to anyone else until the lease ends.
    expect(await claimDueMails(db, now, 12, 5, lease)).toEqual([]);
    expect(await claimDueMails(db, iso(600_001), 12, 100, iso(1_200_000))).toHaveLength(60);
  });

  it('skips sent mails and those past their last attempt', async () => {
    const db = t.app.ctx.db;
    const sent = await enqueueMail(db, { to: 'a@example.ru', subject: 's', text: 't' }, iso(-1000));
    const spent = await enqueueMail(db, { to: 'b@example.ru', subject: 's', text: 't' }, iso(-1000));
    const due = await enqueueMail(db, { to: 'c@example.ru', subject: 's', text: 't' }, iso(-1000));
    await db
      .updateTable('mail_queue')
      .set({ sent_at: iso(0) })
      .where('id', '=', sent)
      .execute();
    await db.updateTable('mail_queue').set({ attempts: 12 }).where('id', '=', spent).execute();
    const claimed = await claimDueMails(db, iso(0), 12, 10, iso(60_000));
    expect(claimed.map((m) => m.id)).toEqual([due]);
    expect(claimed[0].recipient).toBe('c@example.ru');
  });
});
