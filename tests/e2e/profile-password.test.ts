import { beforeAll, describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { ProfilePage } from './pages/profile-page';
import { dismissToasts, expectToast } from './pages/toasts';
import { loginUser, newUser, registerUser } from './support/api';
import { setupE2e, uid } from './support/e2e';

const { test } = setupE2e(import.meta.url);

const student = newUser('profile', uid());

beforeAll(async () => {
  await registerUser(student, 'STUDENT');
});

describe('the profile asks for the current password (V6.2.3)', () => {
  test('a password change with a wrong current password is refused, with the right one it is made and the session goes on', async ({
    page,
  }) => {
    await new LoginPage(page).loginAs(student, /\/student\/exams$/);
    const profile = new ProfilePage(page);
    await profile.goto('student');

    await profile.changePassword({ current: 'not-the-password', password: 'Brand-new-pass-7' });
    await expectToast(page, 'Неверный текущий пароль');
    await dismissToasts(page);
    // Nothing changed: the old password still logs in, the new one does not.
    await expect(loginUser({ username: student.username, password: 'Brand-new-pass-7' })).rejects.toThrow(
      /403/,
    );
    await loginUser(student);

    await profile.changePassword({ current: student.password, password: 'Brand-new-pass-7' });
    await expectToast(page, 'Пароль обновлен');
    await expect(loginUser(student)).rejects.toThrow(/403/);
    await loginUser({ username: student.username, password: 'Brand-new-pass-7' });

    // The page goes on with the session the change started.
    await page.reload();
    await profile.goto('student');
    expect(new URL(page.url()).pathname).toBe('/student/profile');
  });

  test('an e-mail change carries the current password', async ({ page }) => {
    const user = newUser('profmail', uid());
    await registerUser(user, 'STUDENT');
    await new LoginPage(page).loginAs(user, /\/student\/exams$/);
    const profile = new ProfilePage(page);
    await profile.goto('student');
    await profile.changeEmail(`moved.${user.email}`, 'not-the-password');
    await expectToast(page, 'Неверный текущий пароль');
    await dismissToasts(page);
    await profile.changeEmail(`moved.${user.email}`, user.password);
    await expectToast(page, 'Данные обновлены');
    await profile.contact().getByText(`moved.${user.email}`).waitFor();
  });
});
