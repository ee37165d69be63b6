import { beforeEach, describe, expect } from 'vitest';
import { AdminUserDetailPage, AdminUsersPage } from './pages/admin-pages';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';
import { loginUser, newUser } from './support/api';
import { expectAccessible } from './support/axe';
import { type E2eContext, setupE2e, uid } from './support/e2e';

const { test, env } = setupE2e(import.meta.url);

const DATE = /^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/;

async function loginAsAdmin({ page }: E2eContext) {
  await new LoginPage(page).loginAs(env.admin, /\/admin\/main$/);
}

let suffix = '';
beforeEach(() => {
  suffix = uid();
});

describe('admin area', () => {
  test('the main page shows the four counters', async (ctx) => {
    await loginAsAdmin(ctx);
    const { page } = ctx;
    for (const key of ['accounts', 'teachers', 'students', 'logins']) {
      await page.getByTestId(`metric-${key}`).filter({ hasText: /^\d+$/ }).waitFor();
    }
    await expectAccessible(page, '/admin/main');
  });

  test("'Выйти' ends the session, pointing at it does not", async (ctx) => {
    await loginAsAdmin(ctx);
    const { page } = ctx;
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    // The router preloads a link's route on hover; the login route's preload must not log out.
    await nav.getByRole('link', { name: 'Выйти' }).hover();
    await page.waitForTimeout(300);
    await nav.getByRole('link', { name: 'Ученики' }).click();
    await page.waitForURL(/\/admin\/students$/);
    await page.getByRole('heading', { level: 1, name: 'Ученики' }).waitFor();

    await nav.getByRole('link', { name: 'Выйти' }).click();
    await new LoginPage(page).waitUntilShown();
    await page.goto('/admin/main');
    await page.waitForURL(/\/login$/);
  });

  test('creates, finds, edits a student and opens its logins', async (ctx) => {
    await loginAsAdmin(ctx);
    const { page } = ctx;
    const students = new AdminUsersPage(page, 'students');
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Ученики' })
      .click();
    await page.waitForURL(/\/admin\/students$/);
    await expectAccessible(page, '/admin/students');

    const user = newUser('adm', suffix);
    const dialog = await students.openCreate();
    await expectAccessible(page, 'the create dialog');
    await dialog.fill(user);
    await dialog.submit();
    await expectToast(page, 'Ученик создан');
    await dialog.waitClosed();

    // A second account with the same login: the 409's errors come as toasts, the dialog stays.
    const again = await students.openCreate();
    await again.fill({ ...newUser('adm2', suffix), username: user.username });
    await again.submit();
    await expectToast(page, 'Пользователь с таким логином уже существует');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await again.waitClosed();

    await students.search(user.username);
    await students.row(user.username).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="user-row"]').length === 1);
    const cells = await students.row(user.username).getByRole('cell').allTextContents();
    expect(cells.slice(0, 4)).toEqual([user.name, user.surname, user.patronymic, user.username]);

    const edit = await students.openEdit(user.username);
    expect(await edit.field('email').inputValue()).toBe(user.email);
    expect(await edit.field('password').inputValue()).toBe('');
    await expectAccessible(page, 'the edit dialog');
    await edit.fill({ surname: 'Переименованный' });
    await edit.submit();
    await expectToast(page, 'Ученик обновлен');
    await edit.waitClosed();
    await students.row(user.username).getByRole('cell', { name: 'Переименованный' }).waitFor();
    // The empty password kept the old one.
    await loginUser(user);

    await students.search('нет-такого-ученика');
    await page.getByText('Ничего не найдено').waitFor();
    await students.search(user.username);

    await students.open(user.username);
    const detail = new AdminUserDetailPage(page);
    await detail.heading.filter({ hasText: `Переименованный ${user.name} ${user.patronymic}` }).waitFor();
    expect(await detail.contact.textContent()).toBe(`@${user.username} · ${user.email}`);
    await detail.showLogins();
    const logins = await detail.tableRows('Авторизации');
    expect(logins).toHaveLength(1);
    expect(logins[0][0]).toMatch(/^\d+$/);
    expect(logins[0][1]).toMatch(DATE);
    await expectAccessible(page, 'the student page');

    await detail.showRecoveries();
    await page.getByText('Нет записей').waitFor();
  });

  test('creates and edits a teacher', async (ctx) => {
    await loginAsAdmin(ctx);
    const { page } = ctx;
    const teachers = new AdminUsersPage(page, 'teachers');
    await teachers.goto();
    const user = newUser('admt', suffix);
    const dialog = await teachers.openCreate();
    await dialog.fill(user);
    await dialog.submit();
    await expectToast(page, 'Учитель создан');
    await dialog.waitClosed();

    await teachers.search(user.username);
    const edit = await teachers.openEdit(user.username);
    await edit.fill({ name: 'Мария', password: 'changed-pass-1' });
    await edit.submit();
    await expectToast(page, 'Учитель обновлен');
    await teachers.row(user.username).getByRole('cell', { name: 'Мария' }).waitFor();
    expect((await loginUser({ username: user.username, password: 'changed-pass-1' })).role).toBe('TEACHER');

    await teachers.open(user.username);
    const detail = new AdminUserDetailPage(page);
    await detail.heading.filter({ hasText: `${user.surname} Мария` }).waitFor();
    expect(await detail.tableRows('Авторизации')).toHaveLength(1);
  });

  test('odd addresses: unknown paths, non-numeric and missing ids', async (ctx) => {
    await loginAsAdmin(ctx);
    const { page } = ctx;
    for (const path of ['/admin', '/admin/zzz', '/admin/students/abc', '/admin/teachers/1x']) {
      await page.goto(path);
      await page.waitForURL(/\/admin\/main$/);
    }
    await page.goto('/admin/students/999999');
    await page.getByRole('alert').filter({ hasText: 'Пользователь не найден' }).waitFor();
    await expectAccessible(page, 'a missing account');
    await page.getByRole('link', { name: 'К списку' }).click();
    await page.waitForURL(/\/admin\/students$/);
  });
});
