import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUCCESS_TEXT } from '@/shared/messages';
import { outboxMails, parseMail, recoveryToken, startSmtpServer, type TestSmtpServer } from './helpers/mail';
import {
  as,
  createTestApp,
  DATABASES,
  loginAdmin,
  registerAndLogin,
  uniqueName,
  type TestApp,
} from './helpers/test-app';

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function recoveryAttempts(t: TestApp, userId: number) {
  const admin = await loginAdmin(t.app);
  const res = await as(
    t.app,
    admin,
  )({
    method: 'GET',
    url: `/api/admin/metrics/recoveries/${userId}?page_size=10&page_number=0`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().attempts as Array<{ delivered: boolean; completed: boolean }>;
}

const recover = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email } });

describe.each(DATABASES)('recovery mail on %s', (kind) => {
  describe('over SMTP', () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'Устно <robot@ustno.test>' });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('hands a Russian mail with the link PUBLIC_URL/recover/<token> to the SMTP server', async () => {
      const s = await registerAndLogin(t.app, 'student', { name: 'Мария' });
      const res = await recover(t, s.fields.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SUCCESS_TEXT.recoverySent });
      await t.app.ctx.background.drain();

      const mails = smtp.mails.filter((m) => m.to.includes(s.fields.email));
      expect(mails).toHaveLength(1);
      expect(mails[0].from).toBe('robot@ustno.test');
      const mail = parseMail(mails[0].raw);
      expect(mail.subject).toBe('Устно: восстановление пароля');
      expect(mail.headers['content-type']).toMatch(/charset=utf-8/i);
      expect(mail.text).toContain('Здравствуйте, Мария!');
      expect(mail.text).toContain(`логин: ${s.fields.username}`);
      const token = recoveryToken(mail.text, 'http://ustno.test');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mail.text).toContain(`http://ustno.test/recover/${token}`);

      const done = await t.app.inject({
        method: 'POST',
        url: `/api/auth/recover/${token}`,
        payload: { password: 'from-the-mail' },
      });
      expect(done.statusCode).toBe(200);
      expect(await recoveryAttempts(t, s.id)).toEqual([
        expect.objectContaining({ delivered: true, completed: true }),
      ]);
      // Nothing went to the outbox folder.
      expect(await outboxMails(t.dataDir)).toEqual([]);
    });

    it('sends nothing for an unknown e-mail', async () => {
      // Mail an earlier test queued (the notice of a recovered password) is out first.
      await t.app.ctx.background.drain();
      const before = smtp.mails.length;
      const res = await recover(t, `${uniqueName('ghost')}@example.ru`);
      expect(res.json()).toEqual({ message: SUCCESS_TEXT.recoverySent });
      await t.app.ctx.background.drain();
      expect(smtp.mails.length).toBe(before);
    });

    it('sends one mail per request, each with its own link', async () => {
      const s = await registerAndLogin(t.app, 'teacher');
      await recover(t, s.fields.email);
      await recover(t, s.fields.email);
      await t.app.ctx.background.drain();
      const tokens = smtp.mails
        .filter((m) => m.to.includes(s.fields.email))
        .map((m) => recoveryToken(parseMail(m.raw).text, 'http://ustno.test'));
      expect(tokens).toHaveLength(2);
      expect(new Set(tokens).size).toBe(2);
    });
  });

  describe('with an unreachable SMTP server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    });
    afterAll(async () => {
      await t.close();
    });

    it('answers the same, and the attempt stays undelivered', async () => {
      const s = await registerAndLogin(t.app, 'student');
      const res = await recover(t, s.fields.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: SUCCESS_TEXT.recoverySent });
      await t.app.ctx.background.drain();
      expect(await recoveryAttempts(t, s.id)).toEqual([
        expect.objectContaining({ delivered: false, completed: false }),
      ]);
    });
  });

  describe('without SMTP_URL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { PUBLIC_URL: 'https://school.example/ustno/' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('writes an .eml to DATA_DIR/outbox, readable by its owner only, with a working link', async () => {
      const s = await registerAndLogin(t.app, 'student');
      expect((await recover(t, s.fields.email)).statusCode).toBe(200);
      await t.app.ctx.background.drain();

      const mails = await outboxMails(t.dataDir);
      expect(mails).toHaveLength(1);
      expect(path.dirname(mails[0].file)).toBe(path.join(t.dataDir, 'outbox'));
      expect((await fs.stat(mails[0].file)).mode & 0o777).toBe(0o600);
      expect(mails[0].headers.to).toContain(s.fields.email);
      expect(mails[0].subject).toBe('Устно: восстановление пароля');
      // PUBLIC_URL's trailing slash is dropped: no double slash in the link.
      const token = recoveryToken(mails[0].text, 'https://school.example/ustno');
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(mails[0].text).not.toContain('ustno//recover');

      const done = await t.app.inject({
        method: 'POST',
        url: `/api/auth/recover/${token}`,
        payload: { password: 'from-the-outbox' },
      });
      expect(done.statusCode).toBe(200);
      expect(await recoveryAttempts(t, s.id)).toEqual([
        expect.objectContaining({ delivered: true, completed: true }),
      ]);
    });

    it('writes nothing for an unknown e-mail', async () => {
      const before = (await outboxMails(t.dataDir)).length;
      await recover(t, `${uniqueName('ghost')}@example.ru`);
      await t.app.ctx.background.drain();
      expect((await outboxMails(t.dataDir)).length).toBe(before);
    });
  });
});
