import type { BrowserContext, Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectAccessible } from './support/axe';
import { setupE2e, uid } from './support/e2e';
import {
  leaveEndScreen,
  decodedSeconds,
  examRecordings,
  openSessionAndStart,
  waitForRecordings,
  waitForSpeaking,
} from './support/exam-runs';
import { type ReviewSetup, setupReviewExam } from './support/review-fixtures';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';

const { test, scenario, env } = setupE2e(import.meta.url);

/** Two tasks of 3 s each: the answers together last 6 s. */
const ANSWER_SECONDS = 3;
const EXAM = { preparationDuration: 1, duration: ANSWER_SECONDS };
/**
 * The recorded audio against the tasks' durations: never shorter (each answer gets its full
 * time; a little goes to the encoder's start), at most a second longer (a busy page ends an
 * answer late, and this machine is shared).
 */
function expectFullAnswers(seconds: number) {
  expect(seconds).toBeGreaterThan(2 * ANSWER_SECONDS - 0.3);
  expect(seconds).toBeLessThan(2 * ANSWER_SECONDS + 1);
}

/** The start sound takes `ms` longer than it is (a slow device): each answer must still last its duration. */
async function slowStartSound(context: BrowserContext, ms: number) {
  await context.addInitScript((delay) => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!this.src.includes('/sounds/start.mp3')) return play.call(this);
      return new Promise<void>((resolve) => setTimeout(resolve, delay)).then(() => play.call(this));
    };
  }, ms);
}

scenario('an exam on a device whose start sound is slow', ({ before, test }) => {
  let setup: ReviewSetup;
  let nav: Locator;

  before(async ({ page, context }) => {
    setup = await setupReviewExam(env.baseUrl, uid(), EXAM);
    await slowStartSound(context, 1500);
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/exams/${setup.examId}`);
    await page.getByRole('link', { name: 'Пройти экзамен' }).click();
    nav = page.getByRole('navigation', { name: 'Основное меню' });
  });

  test('the microphone check shows the level, then records three seconds and offers them for playback', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Проверить микрофон' }).click();
    await page.getByRole('progressbar', { name: 'Уровень микрофона' }).waitFor();
    await page.getByRole('button', { name: 'Записать 3 секунды' }).click();
    await page.getByTestId('mic-sample').waitFor({ timeout: 10_000 });
    await page.getByTestId('storage-persisted').waitFor();
    await expectAccessible(page, 'the session page with the microphone check');
  });

  test('focus mode: once the exam starts only the exam is on the screen, no menu and no link that could end the recording by a tap', async ({
    page,
  }) => {
    expect(await nav.count()).toBe(1);
    await page.getByLabel(setup.variantName).check();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await page.getByTestId('phase-preparing').waitFor();
    expect(await nav.count()).toBe(0);
    expect(await page.getByRole('link').count()).toBe(0);
  });

  test('leaving while recording asks first, by Back and by closing the tab; staying keeps the exam going', async ({
    page,
  }) => {
    await waitForSpeaking(page, 1);
    // One clock, labelled: the red dot says recording, the countdown how long is left.
    expect(await page.getByTestId('phase-speaking').textContent()).toBe('Идет запись');
    await page.getByText(/^До конца ответа \d\d:\d\d$/).waitFor();
    await page.getByRole('progressbar', { name: 'Уровень микрофона' }).waitFor();
    // Back asks first; staying keeps the exam going.
    await page.goBack();
    await page.getByRole('dialog', { name: 'Прервать экзамен?' }).waitFor();
    await expectAccessible(page, 'the exam asking before leaving');
    await page.getByRole('button', { name: 'Остаться' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/session$/);
    // Closing the tab asks too (the browser's own question); the student stays.
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);
  });

  test('after the slow start sound each answer is still recorded for its full duration, and the menu comes back', async ({
    page,
  }) => {
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    await leaveEndScreen(page, setup);
    await nav.waitFor();

    const [row] = await waitForRecordings(env.baseUrl, setup, 1);
    const seconds = await decodedSeconds(page, env.baseUrl, setup, row.id);
    expectFullAnswers(seconds);
  });
});

describe('exam runner', () => {
  test('chunk writes refused by the device: the student is told, and the recording still arrives whole', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), EXAM);
    // A full disk for a few writes: IndexedDB refuses the chunk store's writes with a quota error.
    await context.addInitScript(() => {
      const w = window as unknown as { failChunkWrites: number };
      w.failChunkWrites = 0;
      for (const method of ['add', 'put'] as const) {
        const original = IDBObjectStore.prototype[method];
        IDBObjectStore.prototype[method] = function (
          this: IDBObjectStore,
          ...args: Parameters<typeof original>
        ) {
          if (this.name === 'chunks' && w.failChunkWrites > 0) {
            w.failChunkWrites -= 1;
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          }
          return original.apply(this, args);
        };
      }
    });
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 1);
    await page.evaluate(() => {
      (window as unknown as { failChunkWrites: number }).failChunkWrites = 3;
    });
    const fault = page.getByTestId('storage-fault');
    await fault.waitFor();
    expect(await fault.textContent()).toContain('Не удается сохранить запись на устройстве');
    await page.getByTestId('storage-recovered').waitFor({ timeout: 15_000 });

    await expectToast(page, 'Экзамен завершен');
    const [row] = await waitForRecordings(env.baseUrl, setup, 1);
    const seconds = await decodedSeconds(page, env.baseUrl, setup, row.id);
    expectFullAnswers(seconds);
  });

  test('two tabs, one recording: the second tab neither offers nor sends it, and nothing is cut', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), EXAM);
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 1);

    const other = await context.newPage();
    await other.goto(`/student/exams/${setup.examId}`);
    await other.getByRole('heading', { name: setup.examName }).waitFor();
    // While the first tab records, the second one shows no banner and sends nothing.
    const recording = page.getByRole('heading', { name: /^Задание №/ });
    const deadline = Date.now() + 60_000;
    let offered = 0;
    let early = 0;
    while ((await recording.count()) > 0 && Date.now() < deadline) {
      offered += await other.getByTestId('unfinished-recording').count();
      early += (await examRecordings(env.baseUrl, setup)).length;
      await other.waitForTimeout(300);
    }
    expect(offered).toBe(0);
    expect(early).toBe(0);

    const rows = await waitForRecordings(env.baseUrl, setup, 1);
    await other.waitForTimeout(1000);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(1);
    const seconds = await decodedSeconds(page, env.baseUrl, setup, rows[0].id);
    expectFullAnswers(seconds);
  });
});
