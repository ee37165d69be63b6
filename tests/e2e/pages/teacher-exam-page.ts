import type { Download, Locator, Page } from 'playwright-core';
import { ExamDialogModel } from './teacher-exams-page';

/** 'Статистика': a paged table of surname, name, status, date and points. */
export class ExamStatisticsDialogModel {
  constructor(readonly root: Locator) {}

  /** The table row of the student with this surname. */
  row(surname: string) {
    return this.root.getByRole('row').filter({ hasText: surname });
  }

  async close() {
    await this.root.getByRole('button', { name: 'Закрыть' }).click();
    await this.root.waitFor({ state: 'detached' });
  }
}

/** /teacher/exams/{id}: the exam's recordings, its edit dialog, statistics and zip. */
export class TeacherExamPage {
  constructor(private readonly page: Page) {}

  async goto(examId: number) {
    await this.page.goto(`/teacher/exams/${examId}`);
    await this.page.getByRole('heading', { level: 2, name: 'Аудиозаписи' }).waitFor();
  }

  async waitFor(examName: string) {
    await this.page.getByRole('heading', { level: 1, name: examName }).waitFor();
  }

  row(audioName: string) {
    return this.page
      .getByTestId('exam-audio-row')
      .filter({ has: this.page.getByRole('link', { name: audioName }) });
  }

  checkedSwitch(audioName: string) {
    return this.row(audioName).getByRole('switch', { name: 'Проверено' });
  }

  async openAudio(audioName: string) {
    await this.row(audioName).getByRole('link', { name: audioName }).click();
  }

  async deleteExamRecording(audioName: string) {
    await this.row(audioName)
      .getByRole('button', { name: `Удалить ${audioName}` })
      .click();
    const confirm = this.page.getByRole('dialog', { name: 'Удалить аудиозапись?' });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await confirm.waitFor({ state: 'detached' });
  }

  async openEdit() {
    await this.page.getByRole('button', { name: 'Редактировать экзамен' }).click();
    const dialog = new ExamDialogModel(this.page.getByRole('dialog', { name: 'Редактирование экзамена' }));
    await dialog.root.waitFor();
    return dialog;
  }

  async openStatistics() {
    await this.page.getByRole('button', { name: 'Статистика' }).click();
    const dialog = new ExamStatisticsDialogModel(this.page.getByRole('dialog', { name: 'Статистика' }));
    await dialog.root.waitFor();
    return dialog;
  }

  /** Clicks 'Скачать .zip' and waits for the browser's download. */
  async downloadZip(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 20_000 }),
      this.page.getByRole('button', { name: 'Скачать .zip' }).click(),
    ]);
    return download;
  }

  /** Clicks 'Оценки .csv' and waits for the browser's download. */
  async downloadScores(): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout: 20_000 }),
      this.page.getByRole('button', { name: 'Оценки .csv' }).click(),
    ]);
    return download;
  }
}
