import type { CDPSession } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { outboxCount, waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import {
  examRecordings,
  leaveEndScreen,
  openExamForOffline,
  takeExamFromItsPage,
  waitForRecordings,
  waitForSpeaking,
} from './support/exam-runs';
import { type ReviewSetup, setupGradedRecording, setupReviewExam } from './support/review-fixtures';
import { dispatchSync, openSyncSession, type Registration } from './support/service-worker';

const { test, scenario, env } = setupE2e(import.meta.url);

describe('delivery', () => {
  test("online, the exam page says 'Ответ отправлен' after the exam", async ({ page }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 0, duration: 2 });
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/exams/${setup.examId}/session`);
    await page.getByLabel(setup.variantName).check();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await waitForSpeaking(page, 2);
    // The end screen says it, and so does the exam's page it leads back to.
    await page.getByTestId('exam-end').getByText('Ответ отправлен').waitFor({ timeout: 20_000 });
    await leaveEndScreen(page, setup);
    await page
      .getByTestId('answer-delivery')
      .filter({ hasText: 'Ответ отправлен' })
      .waitFor({ timeout: 30_000 });
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(1);
  });

  test('with the app closed, a grade given offline reaches the server through Background Sync', async ({
    page,
    context,
  }) => {
    const { setup, recording } = await setupGradedRecording(env.baseUrl, page, uid(), 2000, [0, 1]);
    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    await page.goto(`/teacher/audios/${recording.id}`);
    const panel = page.getByTestId('grade-panel');
    await panel.getByText('Не оценено', { exact: true }).waitFor();
    await waitForServiceWorker(page);
    const { cdp, registration } = await openSyncSession(context, env.baseUrl);

    await context.setOffline(true);
    await panel.getByRole('combobox', { name: 'Решение задачи (0–3)' }).selectOption('2');
    await panel.getByText('Ждет отправки', { exact: true }).waitFor();
    expect(await outboxCount(page)).toBe(1);

    // The teacher closes the app; the network comes back; only the worker can send it.
    await page.close();
    await context.setOffline(false);
    await dispatchSync(cdp, env.baseUrl, registration);
    const scores = async () => {
      const res = await fetch(`${env.baseUrl}/api/teacher/audios/${recording.id}/scores`, {
        headers: { authorization: `Bearer ${setup.teacher.token}` },
      });
      return (await res.json()) as { total: number; gradedAt: string | null };
    };
    await expect.poll(async () => (await scores()).total, { timeout: 20_000 }).toBe(2);
    expect((await scores()).gradedAt).not.toBeNull();

    const reopened = await context.newPage();
    await reopened.goto(`/teacher/audios/${recording.id}`);
    await reopened.getByTestId('grade-panel').getByText('Сохранено', { exact: true }).waitFor();
    expect(await outboxCount(reopened)).toBe(0);
  });
});

scenario('with the app closed, an answer finished offline', ({ before, test }) => {
  let setup: ReviewSetup;
  let cdp: CDPSession;
  let registration: Registration;

  before(async ({ page, context }) => {
    setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 0, duration: 2 });
    await openExamForOffline(page, setup);
    // A page outside the app keeps the DevTools session alive once the app is closed.
    ({ cdp, registration } = await openSyncSession(context, env.baseUrl));
  });

  test('finished offline, the answer waits on the device and the page says it will be sent', async ({
    page,
    context,
  }) => {
    await context.setOffline(true);
    await takeExamFromItsPage(page, setup);
    await page.getByText('Ответ сохранен на устройстве и будет отправлен, когда появится сеть').waitFor();
    expect(await outboxCount(page)).toBe(1);
  });

  test('logging out with the answer still on the device asks first; staying keeps the session', async ({
    page,
  }) => {
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Выйти' })
      .click();
    const ask = page.getByRole('dialog', { name: 'Выйти, не отправив данные?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Остаться' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/student/exams/${setup.examId}`);
  });

  test('closed at once, the answer arrives through Background Sync once the network is back, with no page of the app open', async ({
    page,
    context,
  }) => {
    await page.close();
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(0);
    await context.setOffline(false);
    const reconnected = Date.now();
    await dispatchSync(cdp, env.baseUrl, registration);
    const rows = await waitForRecordings(env.baseUrl, setup, 1);
    const arrivedMs = Date.now() - reconnected;
    expect(rows).toHaveLength(1);
    // The worker removes the item right after the server confirmed it.
    console.log(
      `closed-app delivery: reconnection to the answer on the server (outbox emptied) in ${arrivedMs} ms`,
    );
  });

  test("a second sync (the browser's own retry) sends nothing twice, and a page opened now has nothing left to send", async ({
    context,
  }) => {
    await dispatchSync(cdp, env.baseUrl, registration, true);
    const reopened = await context.newPage();
    await reopened.goto(`/student/exams/${setup.examId}`);
    await reopened.getByTestId('sync-idle').waitFor();
    expect(await outboxCount(reopened)).toBe(0);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(1);
  });
});
