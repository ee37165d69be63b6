import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffSeconds } from '../../server/modules/mail-queue/service';
import { outboxMails, parseMail, startSmtpServer, type TestSmtpServer } from './helpers/mail';
import { setupExam, uploadMultipartRecording, validFields, type ExamSetup } from './helpers/recordings';
import { as, createTestApp, DATABASES, type TestApp } from './helpers/test-app';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function informTeacher(t: TestApp, s: ExamSetup, inform: boolean): Promise<void> {
  const { password: _password, ...fields } = s.teacher.fields;
  const res = await as(
    t.app,
    s.teacher,
  )({
    method: 'PATCH',
    url: '/api/teacher/data',
    payload: { ...fields, inform_about_exam_completion: inform },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const queue = (t: TestApp) => t.app.ctx.db.selectFrom('mail_queue').selectAll().orderBy('id').execute();

describe.each(DATABASES)('completion mail on %s', (kind) => {
  describe('through the outbox', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t.close();
    });

    it('mails the teacher who asked for it, once per recording, with a link to it', async () => {
      const s = await setupExam(t.app, {
        examName: 'Экзамен «Весна»',
        student: { surname: 'Орлова', name: 'Вера', patronymic: 'Ильинична' },
      });
      await informTeacher(t, s, true);
      const fields = validFields(s);
      const res = await uploadMultipartRecording(t.app, s.student, fields);
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json();
      // The same upload again is no new recording and no new mail.
      expect((await uploadMultipartRecording(t.app, s.student, fields)).statusCode).toBe(200);
      await t.app.ctx.background.drain();

      const mails = (await outboxMails(t.dataDir)).filter((m) =>
        (m.headers.to ?? '').includes(s.teacher.fields.email),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('Орлова Вера');
      expect(mails[0].subject).toContain('Экзамен «Весна»');
      expect(mails[0].text).toContain('Орлова Вера Ильинична');
      expect(mails[0].text).toContain(`http://ustno.test/teacher/audios/${id}`);
      const rows = await queue(t);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ attempts: 1, last_error: null, recipient: s.teacher.fields.email });
      expect(rows[0].sent_at).not.toBeNull();
    });

    it('mails nobody when the teacher did not ask', async () => {
      const s = await setupExam(t.app);
      const before = (await queue(t)).length;
      expect((await uploadMultipartRecording(t.app, s.student, validFields(s))).statusCode).toBe(200);
      await t.app.ctx.background.drain();
      expect(await queue(t)).toHaveLength(before);
      const mails = (await outboxMails(t.dataDir)).filter((m) =>
        (m.headers.to ?? '').includes(s.teacher.fields.email),
      );
      expect(mails).toEqual([]);
    });
  });

  describe('over SMTP', () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(kind, { SMTP_URL: smtp.url });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('hands the mail to the SMTP server', async () => {
      const s = await setupExam(t.app);
      await informTeacher(t, s, true);
      const res = await uploadMultipartRecording(t.app, s.student, validFields(s));
      expect(res.statusCode).toBe(200);
      await t.app.ctx.background.drain();
      const mail = smtp.mails.find((m) => m.to.includes(s.teacher.fields.email));
      expect(mail).toBeDefined();
      expect(parseMail(mail?.raw ?? '').text).toContain(`/teacher/audios/${res.json().id}`);
    });
  });

  describe('with SMTP down', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers the upload as usual and keeps the mail queued for a later attempt', async () => {
      const s = await setupExam(t.app);
      await informTeacher(t, s, true);
      const res = await uploadMultipartRecording(t.app, s.student, validFields(s));
      expect(res.statusCode, res.body).toBe(200);
      await t.app.ctx.background.drain();
      const [row] = await queue(t);
      expect(row.sent_at).toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.last_error).toBeTruthy();
      expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now() + 30_000);
    });
  });

  it('backs off exponentially, at most six hours apart', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([60, 120, 240, 480]);
    expect(backoffSeconds(30)).toBe(6 * 3600);
  });
});

// A restart keeps the queue only on the same database: SQLite in the same folder.
describe('completion mail after a restart', () => {
  it('sends a mail that failed before the restart once it is due', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-mail-'));
    const smtp = await startSmtpServer();
    try {
      const down = await createTestApp(
        'sqlite',
        { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
        { dataDir },
      );
      let recordingId: number;
      let email: string;
      try {
        const s = await setupExam(down.app);
        email = s.teacher.fields.email;
        await informTeacher(down, s, true);
        const res = await uploadMultipartRecording(
          down.app,
          s.student,
          validFields(s, { clientId: crypto.randomUUID() }),
        );
        recordingId = res.json().id;
        await down.app.ctx.background.drain();
        expect((await queue(down))[0].attempts).toBe(1);
        // Time passes: the retry is due.
        await down.app.ctx.db
          .updateTable('mail_queue')
          .set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() })
          .execute();
      } finally {
        await down.close();
      }

      const up = await createTestApp('sqlite', { SMTP_URL: smtp.url }, { dataDir });
      try {
        await up.app.ctx.background.drain();
        const [row] = await queue(up);
        expect(row.sent_at).not.toBeNull();
        expect(row.attempts).toBe(2);
        const mail = smtp.mails.find((m) => m.to.includes(email));
        expect(parseMail(mail?.raw ?? '').text).toContain(`/teacher/audios/${recordingId}`);
      } finally {
        await up.close();
      }
    } finally {
      await smtp.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
