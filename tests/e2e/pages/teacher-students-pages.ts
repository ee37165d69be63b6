import type { Locator, Page } from 'playwright-core';

/** 'Глобальный поиск': every student, a plus to send a request. */
export class GlobalSearchDialogModel {
  constructor(readonly root: Locator) {}

  async search(text: string) {
    await this.root.getByRole('searchbox', { name: 'Поиск' }).fill(text);
  }

  row(username: string) {
    return this.root.getByTestId('global-student-row').filter({ hasText: `@${username}` });
  }

  /** Sends the request to the student shown with this username (search first: lists are paged). */
  async sendRequest(username: string) {
    await this.search(username);
    await this.row(username)
      .getByRole('button', { name: /^Отправить заявку/ })
      .click();
  }

  async close() {
    await this.root.getByRole('button', { name: 'Закрыть' }).click();
    await this.root.waitFor({ state: 'detached' });
  }
}

/** /teacher/students. */
export class TeacherStudentsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/teacher/students');
    await this.page.getByRole('heading', { level: 1, name: 'Ученики' }).waitFor();
  }

  async openGlobalSearch() {
    await this.page.getByRole('button', { name: 'Глобальный поиск' }).click();
    const dialog = new GlobalSearchDialogModel(this.page.getByRole('dialog', { name: 'Глобальный поиск' }));
    await dialog.root.waitFor();
    return dialog;
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Поиск' }).fill(text);
  }

  row(username: string) {
    return this.page
      .getByTestId('student-row')
      .filter({ has: this.page.getByRole('link', { name: username, exact: true }) });
  }
}
