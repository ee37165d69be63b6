import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { name: 'Вход' }).waitFor();
  }

  /**
   * Waits for the login screen after being sent there: its form shows only once opening /login
   * has ended the session (the address changes before that).
   */
  async waitUntilShown() {
    await this.page.waitForURL(/\/login$/);
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
    await this.loginHere(user, area);
  }

  /**
   * Logs in on the login form already on screen, without loading the app again (whatever the
   * page was doing goes on), and waits for the role's area.
   */
  async loginHere(user: { username: string; password: string }, area: RegExp) {
    await this.page.getByRole('heading', { name: 'Вход' }).waitFor();
    await this.login(user.username, user.password);
    await this.page.waitForURL(area);
    // The address changes before the area has loaded (its guard and code): the login form stays
    // on screen until then, so the area counts as open once the form is gone.
    await this.page.getByRole('heading', { name: 'Вход' }).waitFor({ state: 'detached', timeout: 20_000 });
  }
}
