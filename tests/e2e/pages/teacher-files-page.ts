import type { Page } from 'playwright-core';

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** /teacher/files. */
export class TeacherFilesPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/teacher/files');
    await this.page.getByRole('heading', { level: 1, name: 'Файлы' }).waitFor();
  }

  get uploadArea() {
    return this.page.getByRole('region', { name: 'Загрузите файлы' });
  }

  async choose(files: UploadFile[]) {
    await this.uploadArea.locator('input[type="file"]').setInputFiles(files);
  }

  async save() {
    await this.uploadArea.getByRole('button', { name: 'Сохранить' }).click();
  }

  async search(text: string) {
    await this.page.getByRole('searchbox', { name: 'Поиск' }).fill(text);
  }

  cards() {
    return this.page.getByTestId('file-card');
  }

  card(name: string) {
    return this.cards().filter({ has: this.page.getByTestId('file-name').getByText(name, { exact: true }) });
  }

  async rename(from: string, to: string) {
    await this.card(from)
      .getByRole('button', { name: `Переименовать ${from}` })
      .click();
    // One file is renamed at a time: the card being edited is the one with the name field.
    const editing = this.cards().filter({ has: this.page.getByRole('textbox', { name: 'Название' }) });
    await editing.getByRole('textbox', { name: 'Название' }).fill(to);
    await editing.getByRole('button', { name: 'Сохранить название' }).click();
    await this.card(to).waitFor();
  }
}
