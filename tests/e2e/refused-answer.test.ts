import fs from 'node:fs';
import { describe, expect } from 'vitest';
import { deviceOutbox, textWasSeen, waitForServiceWorker, watchForText } from './support/device';
import { setupE2e, uid } from './support/e2e';
import { allExamRecordings, examRecordings, openSessionAndStart, waitForSpeaking } from './support/exam-runs';
import { fillExamToLimit, recordWebm, setupReviewExam, withdrawVariant } from './support/review-fixtures';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';

const { test, env } = setupE2e(import.meta.url);

const SENT = 'Ответ отправлен';

describe('the screen tells the truth about a refused answer', () => {
  test("a recording the server refuses for good (the exam's recording limit) never shows 'Ответ отправлен', and shows the refusal with 'Сохранить файл'", async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 1, duration: 2 });
    // The student already keeps as many recordings of this exam as the server allows.
    await page.goto('/login');
    const { kept, refusal } = await fillExamToLimit(env.baseUrl, setup, await recordWebm(page, 1500));
    expect(kept).toBeGreaterThan(0);
    expect(refusal.status).toBeGreaterThanOrEqual(400);
    await watchForText(context, SENT);

    // The exam taken once more, online: the server refuses this answer.
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    await page.waitForURL(new RegExp(`/student/exams/${setup.examId}$`));
    const refused = page.getByTestId('refused-recording').filter({ hasText: setup.examName });
    await refused.waitFor({ timeout: 20_000 });
    const save = refused.getByRole('button', { name: 'Сохранить файл' });
    await save.waitFor();

    // Never reported as sent, nor as waiting for the network: it was refused.
    expect(await textWasSeen(page, SENT)).toBe(false);
    await expect.poll(() => page.getByTestId('answer-delivery').filter({ hasText: SENT }).count()).toBe(0);
    expect(await page.getByText('будет отправлен, когда появится сеть').count()).toBe(0);
    const [item] = await deviceOutbox(page);
    expect(item).toMatchObject({ kind: 'recording', blocked: true });
    expect(await allExamRecordings(env.baseUrl, setup)).toHaveLength(kept);

    // The answer can be kept as a file.
    const download = page.waitForEvent('download');
    await save.click();
    const file = await (await download).path();
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    // A page opened afterwards says the same.
    await page.reload();
    await refused.waitFor();
    await page.getByRole('heading', { level: 1, name: setup.examName }).waitFor();
    expect(await textWasSeen(page, SENT)).toBe(false);
  });

  test("an answer waiting offline whose variant the teacher deleted meanwhile is refused: the refusal shows, 'Ответ отправлен' never does", async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 1, duration: 2 });
    await watchForText(context, SENT);
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/exams/${setup.examId}`);
    await page.getByTestId('exam-offline-ready').waitFor({ timeout: 20_000 });
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page.getByRole('link', { name: 'Пройти экзамен' }).click();
    await page.getByLabel(setup.variantName).check();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
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
