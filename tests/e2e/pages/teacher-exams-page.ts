import type { Locator, Page } from 'playwright-core';
import { PagedPickerModel } from './paged-picker';

/** The exam dialog: name, then variants ('Далее'), then students ('Назад', 'Создать' / 'Обновить'). */
export class ExamDialogModel {
  constructor(readonly root: Locator) {}

  async fillName(name: string) {
    await this.root.getByRole('textbox', { name: 'Название экзамена' }).fill(name);
  }

  get picker() {
    return new PagedPickerModel(this.root);
  }

  async next() {
    await this.root.getByRole('button', { name: 'Далее' }).click();
  }

  async back() {
    await this.root.getByRole('button', { name: 'Назад' }).click();
  }

  async submit(label: 'Создать' | 'Обновить') {
    await this.root.getByRole('button', { name: label, exact: true }).click();
  }

  async waitClosed() {
    await this.root.waitFor({ state: 'detached' });
  }
}

/** /teacher/exams. */
export class TeacherExamsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/teacher/exams');
    await this.page.getByRole('heading', { level: 1, name: 'Экзамены' }).waitFor();
  }

  async openCreate() {
    await this.page.getByRole('button', { name: 'Создать экзамен' }).click();
    const dialog = new ExamDialogModel(this.page.getByRole('dialog'));
    await dialog.root.waitFor();
    return dialog;
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Поиск' }).fill(text);
  }

  row(name: string) {
    return this.page.getByTestId('exam-row').filter({ has: this.page.getByRole('link', { name }) });
  }

  async delete(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Удалить ${name}` })
      .click();
    const confirm = this.page.getByRole('dialog', { name: 'Удалить экзамен?' });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
  }
}
