import fs from 'node:fs';
import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { deviceOutbox, textWasSeen, watchForText } from './support/device';
import { setupE2e, uid } from './support/e2e';
import {
  leaveEndScreen,
  allExamRecordings,
  examRecordings,
  openExamForOffline,
  openSessionAndStart,
  takeExamFromItsPage,
  waitForSpeaking,
} from './support/exam-runs';
import {
  fillExamToLimit,
  recordWebm,
  type ReviewSetup,
  setupReviewExam,
  withdrawVariant,
} from './support/review-fixtures';
import { expectToast } from './pages/toasts';

const { test, scenario, env } = setupE2e(import.meta.url);

const SENT = 'Ответ отправлен';

scenario("a recording the server refuses for good (the exam's recording limit)", ({ before, test }) => {
  let setup: ReviewSetup;
  let kept: number;
  let refused: Locator;
  let save: Locator;

  before(async ({ page, context }) => {
    setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 1, duration: 2 });
    // The student already keeps as many recordings of this exam as the server allows.
    await page.goto('/login');
    const filled = await fillExamToLimit(env.baseUrl, setup, await recordWebm(page, 1500));
    kept = filled.kept;
    expect(kept).toBeGreaterThan(0);
    expect(filled.refusal.status).toBeGreaterThanOrEqual(400);
    await watchForText(context, SENT);
    refused = page.getByTestId('refused-recording').filter({ hasText: setup.examName });
    save = refused.getByRole('button', { name: 'Сохранить файл' });
  });

  test("taken once more online, it shows the refusal with 'Сохранить файл', never 'Ответ отправлен' nor 'будет отправлен'", async ({
    page,
  }) => {
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    await leaveEndScreen(page, setup);
    await refused.waitFor({ timeout: 20_000 });
    await save.waitFor();

    // Never reported as sent, nor as waiting for the network: it was refused.
    expect(await textWasSeen(page, SENT)).toBe(false);
    await expect.poll(() => page.getByTestId('answer-delivery').filter({ hasText: SENT }).count()).toBe(0);
    expect(await page.getByText('будет отправлен, когда появится сеть').count()).toBe(0);
    const [item] = await deviceOutbox(page);
    expect(item).toMatchObject({ kind: 'recording', blocked: true });
    expect(await allExamRecordings(env.baseUrl, setup)).toHaveLength(kept);
  });

  test('the refused answer can be kept as a file', async ({ page }) => {
    const download = page.waitForEvent('download');
    await save.click();
    const file = await (await download).path();
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
  });

  test('a page opened afterwards says the same', async ({ page }) => {
    await page.reload();
    await refused.waitFor();
    await page.getByRole('heading', { level: 1, name: setup.examName }).waitFor();
    expect(await textWasSeen(page, SENT)).toBe(false);
  });
});

describe('the screen tells the truth about a refused answer', () => {
  test("an answer waiting offline whose variant the teacher deleted meanwhile is refused: the refusal shows, 'Ответ отправлен' never does", async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 1, duration: 2 });
    await watchForText(context, SENT);
    await openExamForOffline(page, setup);

    await context.setOffline(true);
    await takeExamFromItsPage(page, setup);
    await page.getByText('будет отправлен, когда появится сеть').waitFor();

    // Meanwhile the teacher deletes the variant the answer was recorded on.
    await withdrawVariant(env.baseUrl, setup);
    await context.setOffline(false);
    const refused = page.getByTestId('refused-recording').filter({ hasText: setup.examName });
    await refused.waitFor({ timeout: 30_000 });
    await refused.getByRole('button', { name: 'Сохранить файл' }).waitFor();
    expect(await textWasSeen(page, SENT)).toBe(false);
    await expect.poll(() => page.getByTestId('answer-delivery').filter({ hasText: SENT }).count()).toBe(0);
    expect(await page.getByText('будет отправлен, когда появится сеть').count()).toBe(0);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(0);
  });
});
