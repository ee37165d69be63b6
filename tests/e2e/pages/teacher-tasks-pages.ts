import type { Locator, Page } from 'playwright-core';
import { PagedPickerModel } from './paged-picker';

export type TaskTypeLabel = 'Текстовое задание' | 'Аудиозадание';

/** The create / edit task dialog. */
export class TaskDialogModel {
  constructor(readonly root: Locator) {}

  async fillName(name: string) {
    await this.root.getByRole('textbox', { name: 'Название' }).fill(name);
  }

  async chooseType(type: TaskTypeLabel) {
    await this.root.getByRole('radio', { name: type }).check();
  }

  duration() {
    return this.root.locator('input[name="duration"]');
  }

  preparation() {
    return this.root.locator('input[name="preparationDuration"]');
  }

  /** The mm:ss shown beside a seconds field. */
  mmss(field: 'duration' | 'preparationDuration') {
    return this.root.getByTestId(`${field}-mmss`);
  }

  async typeText(text: string) {
    await this.root.getByRole('textbox', { name: 'Текст задания' }).click();
    await this.root.page().keyboard.type(text);
  }

  async bold() {
    await this.root
      .getByRole('group', { name: 'Текст задания' })
      .getByRole('button', { name: 'Жирный' })
      .click();
  }

  get files() {
    return new PagedPickerModel(this.root.getByRole('region', { name: 'Файлы' }));
  }

  async submit(label: 'Создать' | 'Сохранить') {
    await this.root.getByRole('button', { name: label, exact: true }).click();
  }

  async waitClosed() {
    await this.root.waitFor({ state: 'detached' });
  }
}

/** /teacher/tasks. */
export class TeacherTasksPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/teacher/tasks');
    await this.page.getByRole('heading', { level: 1, name: 'Задания' }).waitFor();
  }

  async openCreate() {
    await this.page.getByRole('button', { name: 'Создать задание' }).click();
    const dialog = new TaskDialogModel(this.page.getByRole('dialog'));
    await dialog.root.waitFor();
    return dialog;
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Поиск' }).fill(text);
  }

  row(name: string) {
    return this.page.getByTestId('task-row').filter({ has: this.page.getByRole('link', { name }) });
  }

  async delete(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Удалить ${name}` })
      .click();
  }

  async open(name: string) {
    await this.row(name).getByRole('link', { name }).click();
    await this.page.waitForURL(/\/teacher\/tasks\/\d+$/);
  }
}
