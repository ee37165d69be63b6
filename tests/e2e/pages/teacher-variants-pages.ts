import type { Locator, Page } from 'playwright-core';
import { PagedPickerModel } from './paged-picker';

/** The create / edit variant dialog. */
export class VariantDialogModel {
  constructor(readonly root: Locator) {}

  async fillName(name: string) {
    await this.root.getByRole('textbox', { name: 'Название' }).fill(name);
  }

  get tasks() {
    return new PagedPickerModel(this.root.getByRole('region', { name: 'Задания' }));
  }

  /** The picked tasks in their order. */
  async order(): Promise<string[]> {
    const list = this.root.getByRole('list', { name: 'Порядок заданий' });
    if ((await list.count()) === 0) return [];
    return list.getByRole('listitem').allTextContents();
  }

  async submit(label: 'Создать' | 'Обновить') {
    await this.root.getByRole('button', { name: label, exact: true }).click();
  }

  async cancel() {
    await this.root.getByRole('button', { name: 'Отмена' }).click();
  }

  async waitClosed() {
    await this.root.waitFor({ state: 'detached' });
  }
}

/** /teacher/variants. */
export class TeacherVariantsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/teacher/variants');
    await this.page.getByRole('heading', { level: 1, name: 'Варианты' }).waitFor();
  }

  async openCreate() {
    await this.page.getByRole('button', { name: 'Создать вариант' }).click();
    const dialog = new VariantDialogModel(this.page.getByRole('dialog'));
    await dialog.root.waitFor();
    return dialog;
  }

  row(name: string) {
    return this.page.getByTestId('variant-row').filter({ has: this.page.getByRole('link', { name }) });
  }

  async open(name: string) {
    await this.row(name).getByRole('link', { name }).click();
    await this.page.waitForURL(/\/teacher\/variants\/\d+$/);
  }
}

/** /teacher/variants/{id}. */
export class TeacherVariantPage {
  constructor(private readonly page: Page) {}

  tasks() {
    return this.page.getByTestId('variant-task');
  }

  /** The task names in the order the page shows them. */
  async taskNames(): Promise<string[]> {
    return this.tasks().getByRole('heading', { level: 2 }).allTextContents();
  }

  async playAudio(fileName: string) {
    await this.page.getByRole('button', { name: `Прослушать ${fileName}` }).click();
    return this.page.getByTestId('waveform-player');
  }

  async openEdit() {
    await this.page.getByRole('button', { name: 'Редактировать вариант' }).click();
    const dialog = new VariantDialogModel(this.page.getByRole('dialog'));
    await dialog.root.waitFor();
    return dialog;
  }
}
