import type { Locator, Page } from 'playwright-core';

/** `mm:ss – mm:ss` as seconds (whole seconds, as the page shows them). */
export function parseSpan(text: string): { start: number; end: number } {
  const match = /(\d+):(\d\d)\s*–\s*(\d+):(\d\d)/.exec(text);
  if (!match) throw new Error(`not a time span: ${text}`);
  const [, m1, s1, m2, s2] = match.map(Number);
  return { start: m1 * 60 + s1, end: m2 * 60 + s2 };
}

/** /teacher/audios/{id}: the waveform with the main region, the comment creator and the comments. */
export class TeacherAudioPage {
  constructor(private readonly page: Page) {}

  async goto(audioId: number) {
    await this.page.goto(`/teacher/audios/${audioId}`);
    await this.mainTimes.waitFor();
  }

  get mainTimes() {
    return this.page.getByTestId('main-region-times');
  }

  async mainSpan() {
    return parseSpan((await this.mainTimes.textContent()) ?? '');
  }

  /** The main region lives in wavesurfer's (open) shadow root; CSS locators pierce it. */
  get mainRegion(): Locator {
    return this.page.getByTestId('waveform-player').locator('[part~="region"][part~="main"]');
  }

  private async dragBy(target: Locator, dx: number) {
    const box = await target.boundingBox();
    if (!box) throw new Error('nothing to drag');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y, { steps: 12 });
    await this.page.mouse.up();
  }

  /** Drags the right handle of the main region by dx pixels. */
  async resizeMainRegionEnd(dx: number) {
    await this.dragBy(this.mainRegion.locator('[part~="region-handle-right"]'), dx);
  }

  /** Drags the main region (by its middle) by dx pixels. */
  async dragMainRegion(dx: number) {
    await this.dragBy(this.mainRegion, dx);
  }

  async addComment(text: string) {
    const creator = this.page.getByTestId('comment-creator');
    await creator.getByRole('textbox', { name: 'Комментарий' }).fill(text);
    await creator.getByRole('button', { name: 'Добавить' }).click();
  }

  get comments() {
    return this.page.getByRole('list', { name: 'Комментарии' });
  }

  row(text: string) {
    return this.comments.getByRole('listitem').filter({ hasText: text });
  }

  /** The span button of a comment ('mm:ss – mm:ss'). */
  span(text: string) {
    return this.row(text).getByRole('button', { name: /^Показать фрагмент/ });
  }

  async editComment(text: string, next: { start: string; end: string; comment: string }) {
    await this.row(text).getByRole('button', { name: 'Изменить комментарий' }).click();
    const editor = this.comments.getByRole('listitem').filter({
      has: this.page.getByRole('button', { name: 'Сохранить изменения' }),
    });
    await editor.getByRole('spinbutton', { name: 'Начало, с' }).fill(next.start);
    await editor.getByRole('spinbutton', { name: 'Конец, с' }).fill(next.end);
    await editor.getByRole('textbox', { name: 'Комментарий' }).fill(next.comment);
    await editor.getByRole('button', { name: 'Сохранить изменения' }).click();
    await editor.waitFor({ state: 'detached' });
  }

  async deleteComment(text: string) {
    await this.row(text).getByRole('button', { name: 'Удалить комментарий' }).click();
    await this.row(text).waitFor({ state: 'detached' });
  }

  /** Every change confirmed by the server: nothing marked 'Не отправлено'. */
  async waitSynced() {
    await this.page
      .getByText('Не отправлено', { exact: true })
      .first()
      .waitFor({ state: 'detached', timeout: 15_000 });
  }
}

/** /student/audios/{id}: the student's player and the teacher's comments. */
export class StudentAudioPage {
  constructor(private readonly page: Page) {}

  async goto(audioId: number) {
    await this.page.goto(`/student/audios/${audioId}`);
    await this.page.getByRole('heading', { level: 2, name: 'Комментарии учителя' }).waitFor();
  }

  row(text: string) {
    return this.page
      .getByRole('list', { name: 'Комментарии учителя' })
      .getByRole('listitem')
      .filter({ hasText: text });
  }

  span(text: string) {
    return this.row(text).getByRole('button', { name: /^Отметить фрагмент/ });
  }
}
