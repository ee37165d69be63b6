import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { TeacherAudioPage } from './pages/recording-pages';
import { expectToast } from './pages/toasts';
import { expectAccessible } from './support/axe';
import { PHONE, setupE2e, uid } from './support/e2e';
import { leaveEndScreen, waitForRecordings, waitForSpeaking } from './support/exam-runs';
import { measureLayout } from './support/layout';
import { recordWebm, setupReviewExam, uploadRecording } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url, { device: PHONE });

/** The phone's bar: one row, nothing scrolls sideways, every control big enough for a finger. */
async function expectPhoneLayout(page: Page, what: string) {
  const m = await measureLayout(page, true);
  expect(m.overflow, `${what} scrolls sideways: ${m.overflowing.join('; ')}`).toBe(0);
  if (m.barHeight !== null) expect(m.barHeight, `${what}: the top bar`).toBeLessThanOrEqual(64);
  expect(m.smallTargets, `${what}: small touch targets`).toEqual([]);
}

/** Goes to a section the way a thumb does: the menu button, then the link in the drawer. */
async function openSection(page: Page, name: string, path: RegExp) {
  // The screen first settles (a tap while the route still loads may land on a bar about to be replaced).
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const nav = page.getByRole('navigation', { name: 'Основное меню' });
  await page.getByRole('button', { name: 'Меню' }).tap();
  await nav.waitFor();
  await nav.getByRole('link', { name }).tap();
  await page.waitForURL(path);
  await nav.waitFor({ state: 'hidden' });
}

describe('on a phone (390 × 844, touch)', () => {
  test("the student's whole path: login, exam page, microphone check, the exam in focus mode, recordings", async ({
    page,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { duration: 2 });
    const login = new LoginPage(page);
    await login.goto();
    await expectPhoneLayout(page, '/login');
    await page.locator('input[name="username"]').fill(setup.student.username);
    await page.locator('input[name="password"]').fill(setup.student.password);
    await page.getByRole('button', { name: 'Войти' }).tap();
    await page.waitForURL(/\/student\/exams$/);

    // One compact bar: the menu, the section's name, the sync state and the profile.
    await page.getByRole('heading', { level: 1, name: 'Экзамены' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Основное меню' }).count()).toBe(0);
    await page.getByTestId('sync-idle').waitFor();
    await page.getByRole('link', { name: 'Профиль' }).waitFor();
    await expectPhoneLayout(page, '/student/exams');

    await page.getByRole('link', { name: setup.examName }).tap();
    await page.waitForURL(new RegExp(`/student/exams/${setup.examId}$`));
    await expectPhoneLayout(page, 'the exam page');
    await page.getByRole('link', { name: 'Пройти экзамен' }).tap();
    await page.waitForURL(/\/session$/);

    await page.getByRole('button', { name: 'Проверить микрофон' }).tap();
    await page.getByRole('progressbar', { name: 'Уровень микрофона' }).waitFor();
    await page.getByRole('button', { name: 'Записать 3 секунды' }).tap();
    await page.getByTestId('mic-sample').waitFor({ timeout: 10_000 });
    await expectPhoneLayout(page, 'the session page with the microphone check');
    await expectAccessible(page, 'the session page on a phone');

    await page.getByLabel(setup.variantName).tap();
    await page.getByRole('button', { name: 'Начать экзамен' }).tap();
    await page.getByTestId('phase-preparing').or(page.getByTestId('phase-speaking')).first().waitFor();
    // Focus mode: no bar, no menu, no link a stray tap could follow.
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Меню' }).count()).toBe(0);
    expect(await page.getByRole('link').count()).toBe(0);
    await waitForSpeaking(page, 1);
    await expectPhoneLayout(page, 'the exam while recording');
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    await leaveEndScreen(page, setup);

    const [row] = await waitForRecordings(env.baseUrl, setup, 1);
    await openSection(page, 'Аудиозаписи', /\/student\/audios$/);
    await page.getByRole('link', { name: row.name }).tap();
    await page.waitForURL(new RegExp(`/student/audios/${row.id}$`));
    await page.getByTestId('waveform-player').waitFor();
    await expectPhoneLayout(page, 'the recording');
  }, 180_000);

  test("the teacher's review: from the menu to a recording, a comment added by touch", async ({ page }) => {
    const setup = await setupReviewExam(env.baseUrl, uid());
    await page.goto('/login');
    const audio = await recordWebm(page, 3000);
    const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 1.5]);

    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    await openSection(page, 'Ученики', /\/teacher\/students$/);
    await openSection(page, 'Экзамены', /\/teacher\/exams$/);
    await page.getByRole('link', { name: setup.examName }).tap();
    await page.waitForURL(new RegExp(`/teacher/exams/${setup.examId}$`));
    await expectPhoneLayout(page, "the teacher's exam");
    await page.getByRole('link', { name: recording.name }).tap();
    await page.waitForURL(new RegExp(`/teacher/audios/${recording.id}$`));

    const review = new TeacherAudioPage(page);
    await review.mainTimes.waitFor();
    await expectPhoneLayout(page, 'the review page');
    await expectAccessible(page, 'the review page on a phone');
    const creator = page.getByTestId('comment-creator');
    await creator.getByRole('textbox', { name: 'Комментарий' }).fill('Хорошее произношение');
    await creator.getByRole('button', { name: 'Добавить' }).tap();
    await review.row('Хорошее произношение').waitFor();
    await expectPhoneLayout(page, 'the review page with a comment');
  }, 180_000);
});
