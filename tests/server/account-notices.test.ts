import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail } from '../../server/modules/users/notices';
import { outboxMails, outboxRecoveryTokens } from './helpers/mail';
import { as, createTestApp, DATABASES, loginAdmin, registerAndLogin, type TestApp } from './helpers/test-app';

describe('maskEmail', () => {
  it('keeps the start of the name and the domain', () => {
    expect(maskEmail('ivan.petrov@school.ru')).toBe('iv***@school.ru');
    expect(maskEmail('a@b.ru')).toBe('a***@b.ru');
    expect(maskEmail('nothing')).toBe('***');
  });
});

describe.each(DATABASES)('account change notices on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { APP_TIMEZONE: 'Europe/Moscow' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The mails the outbox holds for `email` once the queue has sent what is due. */
  async function mailsTo(email: string) {
    await t.app.ctx.background.drain();
    const all = await outboxMails(t.dataDir);
    return all.filter((m) => (m.headers.to ?? '').toLowerCase().includes(email.toLowerCase()));
  }

  const today = () =>
    new Intl.DateTimeFormat('ru-RU', {
      timeZone: 'Europe/Moscow',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());

  it('V6.3.7 a new e-mail address is told to the old one: who, when, and the new one masked', async () => {
    const s = await registerAndLogin(t.app, 'student');
    const newEmail = `moved.${s.fields.username}@example.ru`;
    const res = await as(
      t.app,
      s,
    )({
      method: 'PATCH',
      url: '/api/student/data',
      payload: { ...s.fields, password: undefined, email: newEmail },
    });
    expect(res.statusCode).toBe(200);

    const [notice, ...more] = await mailsTo(s.fields.email);
    expect(more).toEqual([]);
    expect(notice.subject).toBe('Устно: адрес почты изменен');
    expect(notice.text).toContain(`логин: ${s.fields.username}`);
    expect(notice.text).toContain('вами, в профиле');
    expect(notice.text).toContain(today());
    expect(notice.text).toContain('(Europe/Moscow)');
    expect(notice.text).toContain(maskEmail(newEmail));
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).toContain(`${t.config.publicUrl}/recover`);
    // Nothing to the new address: the change is the old owner's news.
    expect(await mailsTo(newEmail)).toEqual([]);
  });

  it("V6.3.7 an admin's change of the e-mail and the password says 'администратором'", async () => {
    const admin = await loginAdmin(t.app);
    const s = await registerAndLogin(t.app, 'teacher');
    const newEmail = `admin.moved.${s.fields.username}@example.ru`;
    const res = await as(
      t.app,
      admin,
    )({
      method: 'PATCH',
      url: '/api/admin/teacher',
      payload: { ...s.fields, id: s.id, email: newEmail, password: 'Ustno-admin-set-8' },
    });
    expect(res.statusCode).toBe(200);
    const [emailNotice] = await mailsTo(s.fields.email);
    expect(emailNotice.subject).toBe('Устно: адрес почты изменен');
    expect(emailNotice.text).toContain('администратором');
    const [passwordNotice] = await mailsTo(newEmail);
    expect(passwordNotice.subject).toBe('Устно: пароль изменен');
    expect(passwordNotice.text).toContain('администратором');
  });

  it.each([
    ['as the spec sends it, in the query', (p: string) => ({ url: `/api/teacher/password?password=${p}` })],
    ['as a JSON body', (p: string) => ({ url: '/api/teacher/password', payload: { password: p } })],
  ])('V6.3.7 the own password change (%s) is told by mail', async (_label, request) => {
    const s = await registerAndLogin(t.app, 'teacher');
    const res = await as(t.app, s)({ method: 'PATCH', ...request('Ustno-own-mail-9') });
    expect(res.statusCode).toBe(200);
    const [notice, ...more] = await mailsTo(s.fields.email);
    expect(more).toEqual([]);
    expect(notice.subject).toBe('Устно: пароль изменен');
    expect(notice.text).toContain('вами, в профиле');
    expect(notice.text).toContain(today());
    expect(notice.text).not.toContain('Ustno-own-mail-9');
  });

  it('V6.3.7 a password set through a recovery link is told by mail too', async () => {
    const s = await registerAndLogin(t.app, 'student');
    await t.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: s.fields.email } });
    await t.app.ctx.background.drain();
    const [token] = await outboxRecoveryTokens(t.dataDir, s.fields.email, t.config.publicUrl);
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/auth/recover/${token}`,
      payload: { password: 'Ustno-recovered-9' },
    });
    expect(done.statusCode).toBe(200);
    const notices = (await mailsTo(s.fields.email)).filter((m) => m.subject === 'Устно: пароль изменен');
    expect(notices).toHaveLength(1);
    expect(notices[0].text).toContain('по ссылке для восстановления пароля');
  });

  it('an edit that keeps the e-mail and the password sends nothing', async () => {
    const s = await registerAndLogin(t.app, 'student');
    const res = await as(
      t.app,
      s,
    )({
      method: 'PATCH',
      url: '/api/student/data',
      payload: { ...s.fields, password: undefined, email: s.fields.email.toUpperCase(), name: 'Пётр' },
    });
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(s.fields.email)).toEqual([]);
  });
});
