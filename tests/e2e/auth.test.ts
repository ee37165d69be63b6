import { beforeAll, describe, expect } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/tokens';
import { LoginPage } from './pages/login-page';
import { NewPasswordPage, RecoverPage } from './pages/recover-page';
import { RegisterPage } from './pages/register-page';
import { expectToast } from './pages/toasts';
import { loginUser, newUser, registerUser } from './support/api';
import { setupE2e, uid } from './support/e2e';
import { recoveryLink } from './support/outbox';

const { test, env } = setupE2e(import.meta.url);

const suffix = uid();
const teacher = newUser('teacher', suffix);
const student = newUser('student', suffix);

beforeAll(async () => {
  await registerUser(teacher, 'TEACHER');
  await registerUser(student, 'STUDENT');
});

describe('registration', () => {
  test('a teacher and a student register through /register', async ({ page }) => {
    const register = new RegisterPage(page);
    const s = uid();
    for (const [role, text] of [
      ['teacher', 'Вы успешно зарегистрировались как учитель'],
      ['student', 'Вы успешно зарегистрировались как ученик'],
    ] as const) {
      const user = newUser(`reg${role}`, s);
      await register.goto();
      await register.fill(user);
      await register.chooseRole(role);
      await register.submit();
      await expectToast(page, text);
      await page.waitForURL(/\/login$/);
      const login = await loginUser(user);
      expect(login.role).toBe(role === 'teacher' ? 'TEACHER' : 'STUDENT');
    }
  });

  test('the password rules show before they are broken; an empty form marks every required field and the role', async ({
    page,
  }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await page.getByText('Не короче 8 символов; простые пароли вроде 12345678 не принимаются').waitFor();
    await register.submit();
    await expectToast(page, 'Роль не выбрана');
    for (const field of ['username', 'email', 'password', 'name', 'surname']) {
      expect(await page.locator(`input[name="${field}"]`).getAttribute('aria-invalid')).toBe('true');
    }
    expect(await page.locator('input[name="patronymic"]').getAttribute('aria-invalid')).toBe('false');
    expect(await page.getByText('Обязательное поле').count()).toBe(5);
    await page.getByRole('radiogroup', { name: 'Роль' }).and(page.locator('[aria-describedby]')).waitFor();
    // A filled field loses its mark at once.
    await page.locator('input[name="username"]').fill('someone');
    expect(await page.locator('input[name="username"]').getAttribute('aria-invalid')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  test("without a role it says 'Роль не выбрана' and stays", async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.fill(newUser('norole', uid()));
    await register.submit();
    await expectToast(page, 'Роль не выбрана');
    expect(new URL(page.url()).pathname).toBe('/register');
  });

  test('a taken username is reported by the server', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.fill({ ...newUser('dup', uid()), username: student.username });
    await register.chooseRole('student');
    await register.submit();
    await expectToast(page, 'Пользователь с таким логином уже существует');
  });
});

describe('login', () => {
  test('each role lands in its own area', async ({ page }) => {
    const login = new LoginPage(page);
    await login.loginAs(env.admin, /\/admin\/main$/);
    await login.loginAs(teacher, /\/teacher\/exams$/);
    await login.loginAs(student, /\/student\/exams$/);
  });

  test("a wrong password says 'Неверный логин или пароль'", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(student.username, 'wrong-password');
    await expectToast(page, 'Неверный логин или пароль');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('a student cannot open the admin area', async ({ page }) => {
    await new LoginPage(page).loginAs(student, /\/student\/exams$/);
    await page.goto('/admin');
    await new LoginPage(page).waitUntilShown();
    // /login ended the session: the student area is closed now too.
    await page.goto('/student/exams');
    await page.waitForURL(/\/login$/);
  });

  test('a teacher cannot open the student area', async ({ page }) => {
    await new LoginPage(page).loginAs(teacher, /\/teacher\/exams$/);
    await page.goto('/student/exams');
    await page.waitForURL(/\/login$/);
  });
});

describe('session', () => {
  test('V3.3.4 the refresh token stays out of page storage, and a reload keeps the session', async ({
    page,
    context,
  }) => {
    await new LoginPage(page).loginAs(student, /\/student\/exams$/);
    const stored = await page.evaluate(() => ({
      keys: Object.keys(localStorage),
      cookie: document.cookie,
    }));
    expect(stored.keys).not.toContain('refresh_token');
    expect(stored.cookie).not.toContain('ustno_refresh');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'ustno_refresh')).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });

    await page.reload();
    await page.waitForURL(/\/student\/exams$/);

    // An access token the server no longer takes (its signature spoilt, as good as expired), still
    // the same user's: the page refreshes from the cookie. (A token of nobody would make the page
    // leave for another user's login once the refresh names the student, racing the reload.)
    const spoilt = await page.evaluate((key) => {
      const [header, payload] = (localStorage.getItem(key) ?? '').split('.');
      const token = `${header}.${payload}.spoilt`;
      localStorage.setItem(key, token);
      return token;
    }, ACCESS_TOKEN_KEY);
    await page.reload();
    await page.waitForFunction(([key, old]) => localStorage.getItem(key) !== old, [ACCESS_TOKEN_KEY, spoilt]);
    const access = await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY);
    expect(access?.split('.')).toHaveLength(3);
    await page.getByRole('link', { name: 'Выйти' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/student/exams');

    // 'Выйти' ends the session on the server too: the cookie's family no longer refreshes.
    const cookieBefore = (await context.cookies()).find((c) => c.name === 'ustno_refresh')?.value;
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByRole('link', { name: 'Выйти' }).click();
    expect((await loggedOut).status()).toBe(204);
    await page.waitForURL(/\/login$/);
    expect((await context.cookies()).find((c) => c.name === 'ustno_refresh')).toBeUndefined();
    const status = await page.evaluate(async (token) => {
      const res = await fetch('/api/auth/refresh-token', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return res.status;
    }, cookieBefore);
    expect(status).toBe(401);
  });
});

describe('password recovery', () => {
  test('through the link in the mail', async ({ page }) => {
    const user = newUser('recover', uid());
    await registerUser(user, 'STUDENT');

    const recover = new RecoverPage(page);
    await recover.goto();
    await recover.requestLink(user.email);
    await expectToast(page, 'Ссылка для восстановления отправлена на почту');

    const link = await recoveryLink(env.dataDir, user.email);
    const newPassword = new NewPasswordPage(page);
    await newPassword.open(link);
    await newPassword.setPassword('brand-new-pass', 'another-pass');
    await expectToast(page, 'Пароли не совпадают');
    expect(new URL(page.url()).pathname).toBe(link);

    await newPassword.setPassword('brand-new-pass');
    await expectToast(page, 'Пароль обновлен');
    await page.waitForURL(/\/login$/);

    const login = new LoginPage(page);
    await login.login(user.username, user.password);
    await expectToast(page, 'Неверный логин или пароль');
    await login.login(user.username, 'brand-new-pass');
    await page.waitForURL(/\/student\/exams$/);

    // The link is single-use.
    await newPassword.open(link);
    await newPassword.setPassword('third-pass-123');
    await expectToast(page, 'Ссылка для восстановления недействительна или устарела');
  });
});
