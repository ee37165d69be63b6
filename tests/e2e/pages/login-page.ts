import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { name: 'Вход' }).waitFor();
  }

  async login(username: string, password: string) {
    await this.page.locator('input[name="username"]').fill(username);
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.getByRole('button', { name: 'Войти' }).click();
  }

  /** Logs in from a fresh /login and waits for the role's area. */
  async loginAs(user: { username: string; password: string }, area: RegExp) {
    await this.goto();
    await this.login(user.username, user.password);
    await this.page.waitForURL(area);
  }
}
