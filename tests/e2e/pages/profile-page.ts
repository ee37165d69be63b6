import type { Locator, Page } from 'playwright-core';

/** /teacher/profile and /student/profile: the data form and the password form, each its own section. */
export class ProfilePage {
  constructor(private readonly page: Page) {}

  private section(name: 'Данные' | 'Пароль'): Locator {
    return this.page.getByRole('region', { name });
  }

  async goto(area: 'teacher' | 'student') {
    await this.page.goto(`/${area}/profile`);
    await this.section('Пароль').waitFor();
  }

  async changePassword(change: { current: string; password: string; repeat?: string }) {
    const form = this.section('Пароль');
    await form.getByLabel('Текущий пароль').fill(change.current);
    await form.getByLabel('Новый пароль').fill(change.password);
    await form.getByLabel('Повторите пароль').fill(change.repeat ?? change.password);
    await form.getByRole('button', { name: 'Обновить пароль' }).click();
  }

  async changeEmail(email: string, current: string) {
    const form = this.section('Данные');
    await form.getByLabel('Почта').fill(email);
    await form.getByLabel('Текущий пароль').fill(current);
    await form.getByRole('button', { name: 'Обновить данные' }).click();
  }

  /** The e-mail the page shows under the name. */
  contact(): Locator {
    return this.page.getByTestId('profile-contact');
  }
}
