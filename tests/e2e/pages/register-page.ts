import type { Page } from 'playwright-core';
import type { TestUser } from '../support/api';

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/register');
    await this.page.getByRole('heading', { name: 'Регистрация' }).waitFor();
  }

  async fill(user: TestUser) {
    for (const field of ['username', 'email', 'password', 'name', 'surname', 'patronymic'] as const) {
      await this.page.locator(`input[name="${field}"]`).fill(user[field]);
    }
  }

  async chooseRole(role: 'teacher' | 'student') {
    await this.page.getByRole('radio', { name: role === 'teacher' ? 'Учитель' : 'Ученик' }).check();
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  }
}
