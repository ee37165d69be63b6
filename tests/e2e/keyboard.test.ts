import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { TeacherAudioPage } from './pages/recording-pages';
import { expectToast } from './pages/toasts';
import { setupE2e, uid } from './support/e2e';
import { leaveEndScreen, waitForRecordings, waitForSpeaking } from './support/exam-runs';
import { recordWebm, setupReviewExam, uploadRecording } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url);

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Logs in with the keyboard alone: type, Tab, type, Enter. */
async function keyboardLogin(page: Page, user: { username: string; password: string }, area: RegExp) {
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Вход' }).waitFor();
  await tabTo(page, page.locator('input[name="username"]'));
  await page.keyboard.type(user.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.waitForURL(area);
}

describe('with the keyboard alone', () => {
  test('the student takes an exam: microphone check, variant, start, both answers', async ({ page }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { duration: 2 });
    await keyboardLogin(page, setup.student, /\/student\/exams$/);

    await tabTo(page, page.getByRole('link', { name: setup.examName }));
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/student/exams/${setup.examId}$`));
    await tabTo(page, page.getByRole('link', { name: 'Пройти экзамен' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/session$/);

    await tabTo(page, page.getByRole('button', { name: 'Проверить микрофон' }));
    await page.keyboard.press('Enter');
    await page.getByRole('progressbar', { name: 'Уровень микрофона' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Записать 3 секунды' }));
    await page.keyboard.press('Enter');
    await page.getByTestId('mic-sample').waitFor({ timeout: 10_000 });

    const variant = page.getByLabel(setup.variantName);
    await tabTo(page, variant);
    await page.keyboard.press('Space');
    expect(await variant.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Начать экзамен' }));
    await page.keyboard.press('Enter');
    await waitForSpeaking(page, 1);
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    await leaveEndScreen(page, setup);
    expect(await waitForRecordings(env.baseUrl, setup, 1)).toHaveLength(1);
  }, 120_000);

  test('the teacher reviews: plays, comments, sets the comment’s times, shows its span', async ({ page }) => {
    const setup = await setupReviewExam(env.baseUrl, uid());
    await page.goto('/login');
    const audio = await recordWebm(page, 4000);
    const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 2]);
    await keyboardLogin(page, setup.teacher, /\/teacher\/exams$/);

    await tabTo(page, page.getByRole('link', { name: setup.examName }));
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/teacher/exams/${setup.examId}$`));
    await tabTo(page, page.getByRole('link', { name: recording.name }));
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/teacher/audios/${recording.id}$`));
    const review = new TeacherAudioPage(page);
    await review.mainTimes.waitFor();

    // Play and pause from the keyboard.
    await tabTo(page, page.getByRole('button', { name: 'Воспроизвести' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Пауза' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Воспроизвести' }).waitFor();

    // A comment at the main region, then its times typed in the inline editor.
    const creator = page.getByTestId('comment-creator');
    await tabTo(page, creator.getByRole('textbox', { name: 'Комментарий' }));
    await page.keyboard.type('Начало без паузы');
    await tabTo(page, creator.getByRole('button', { name: 'Добавить' }));
    await page.keyboard.press('Enter');
    await review.row('Начало без паузы').waitFor();
    await review.waitSynced();
    await expect.poll(() => review.row('Начало без паузы').count()).toBe(1);

    await tabTo(page, review.row('Начало без паузы').getByRole('button', { name: 'Изменить комментарий' }));
    await page.keyboard.press('Enter');
    const start = page.getByRole('spinbutton', { name: 'Начало, с' });
    await tabTo(page, start);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await tabTo(page, page.getByRole('spinbutton', { name: 'Конец, с' }));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3');
    await tabTo(page, page.getByRole('button', { name: 'Сохранить изменения' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => review.span('Начало без паузы').textContent()).toMatch(/00:01\s*–\s*00:03/);

    // Its span shown on the waveform, from the keyboard.
    await tabTo(page, review.span('Начало без паузы'));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('waveform-player').locator('[part~="region"]:not([part~="main"])').count())
      .toBeGreaterThan(0);
  }, 120_000);
});
