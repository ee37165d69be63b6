import type { CDPSession, Worker } from 'playwright-core';
import { expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { deviceRecordings, outboxCount, waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import {
  examRecordings,
  recordingDetail,
  startExamFromItsPage,
  waitForRecordings,
  waitForSpeaking,
} from './support/exam-runs';
import { type ReviewSetup, setupReviewExam } from './support/review-fixtures';
import { moveWorkerClock, type Registration, syncAndSettle, watchClosedApp } from './support/service-worker';

const { scenario, env } = setupE2e(import.meta.url);

scenario('a tab that dies mid-exam, with no page of the app open after', ({ before, test }) => {
  let setup: ReviewSetup;
  let cdp: CDPSession;
  let registration: Registration;
  let worker: Worker;

  before(async ({ page, context }) => {
    setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 0, duration: 6 });
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/exams/${setup.examId}`);
    await waitForServiceWorker(page);
    ({ cdp, registration, worker } = await watchClosedApp(context, env.baseUrl));
  });

  test('a few seconds of the first answer are on the device when the tab dies', async ({ page }) => {
    await startExamFromItsPage(page, setup);
    await waitForSpeaking(page, 1);
    // Past 2.5 s (the third one-second chunk): the upload sends the duration to the millisecond,
    // and a device duration a hair over 2 s (2.0004) arrives as 2, which the check below refuses.
    await expect
      .poll(
        async () => (await deviceRecordings(page)).find((r) => r.examId === setup.examId)?.duration ?? 0,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(2.5);
    await page.close();
  });

  test('a sync event within the minute leaves the recording alone and asks to be woken again', async () => {
    // A tab may still be writing it.
    const early = await syncAndSettle(worker, cdp, env.baseUrl, registration);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(0);
    expect(early.length).toBeGreaterThan(0);
    for (const outcome of early) expect(outcome).toMatch(/^rejected/);
  });

  test('a sync event more than a minute after the last chunk delivers the recording as interrupted', async () => {
    // Two minutes later (the worker's clock moved, not waited for): nobody holds the recording
    // and its last chunk is old, so the worker queues it as interrupted and sends it.
    await moveWorkerClock(worker, 2 * 60_000);
    const later = await syncAndSettle(worker, cdp, env.baseUrl, registration);
    expect(later).toContain('fulfilled');
    const rows = await waitForRecordings(env.baseUrl, setup, 1);
    expect(rows).toHaveLength(1);
    const detail = await recordingDetail(env.baseUrl, setup, rows[0].id);
    expect(detail.interrupted).toBe(true);
    expect(detail.duration).toBeGreaterThan(2);
    expect(detail.taskStarts).toHaveLength(1);
  });

  test('a page opened afterwards has nothing left to send or to offer', async ({ context }) => {
    const reopened = await context.newPage();
    await reopened.goto(`/student/exams/${setup.examId}`);
    await reopened.getByTestId('sync-idle').waitFor();
    expect(await outboxCount(reopened)).toBe(0);
    expect(await deviceRecordings(reopened)).toHaveLength(0);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(1);
  });
});
