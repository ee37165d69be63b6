import type { Page } from 'playwright-core';

/** /student/requests. */
export class StudentRequestsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/student/requests');
    await this.page.getByRole('heading', { level: 1, name: 'Заявки' }).waitFor();
  }

  /** The request of the teacher with this full name (surname name patronymic). */
  row(teacherName: string) {
    return this.page.getByTestId('request-row').filter({ hasText: teacherName });
  }

  async accept(teacherName: string) {
    await this.row(teacherName).getByRole('button', { name: 'Добавить учителя' }).click();
  }

  async reject(teacherName: string) {
    await this.row(teacherName).getByRole('button', { name: 'Удалить учителя' }).click();
  }
}
