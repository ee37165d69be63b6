import { describe, expect } from 'vitest';
import { ACCESS_TOKEN_KEY } from '@/lib/tokens';
import { LoginPage } from './pages/login-page';
import { newUser, registerUser } from './support/api';
import { setupE2e, uid } from './support/e2e';

const { test } = setupE2e(import.meta.url);

describe('the route guard on a flaky network', () => {
  test('a role call answering 502 keeps the student signed in', async ({ page }) => {
    const student = newUser('guard', uid());
    await registerUser(student, 'STUDENT');
    await new LoginPage(page).loginAs(student, /\/student/);

    let roleCalls = 0;
    await page.route('**/api/auth/role', async (route) => {
      roleCalls += 1;
      await route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<html><body>502 Bad Gateway</body></html>',
      });
    });
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Заявки' })
      .click();
    await page.waitForURL(/\/student\/requests$/);
    await page.reload();
    await page.getByRole('navigation', { name: 'Основное меню' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/student/requests');
    expect(roleCalls).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_KEY)).toBeTruthy();

    // The server really refusing the session still logs out.
    await page.unroute('**/api/auth/role');
    await page.route('**/api/auth/role', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: '{"message":"Доступ запрещен"}' }),
    );
    await page.goto('/student/exams');
    await page.waitForURL(/\/login$/);
  });
});
