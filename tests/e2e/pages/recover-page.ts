import type { Page } from 'playwright-core';

/** /recover: ask for a link by e-mail. */
export class RecoverPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/recover');
    await this.page.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
  }

  async requestLink(email: string) {
    await this.page.locator('input[name="email"]').fill(email);
    await this.page.getByRole('button', { name: 'Восстановить' }).click();
  }
}

/** /recover/{id}: set the new password twice. */
export class NewPasswordPage {
  constructor(private readonly page: Page) {}

  async open(link: string) {
    await this.page.goto(link);
    await this.page.getByRole('heading', { name: 'Новый пароль' }).waitFor();
  }

  async setPassword(password: string, repeat = password) {
    await this.page.locator('input[name="password"]').fill(password);
    await this.page.locator('input[name="repeat"]').fill(repeat);
    await this.page.getByRole('button', { name: 'Сохранить' }).click();
  }
}
