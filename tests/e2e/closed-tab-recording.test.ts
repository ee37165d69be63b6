import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { deviceRecordings, outboxCount, waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import { examRecordings, recordingDetail, waitForRecordings, waitForSpeaking } from './support/exam-runs';
import { setupReviewExam } from './support/review-fixtures';
import {
  appServiceWorker,
  moveWorkerClock,
  openSyncSession,
  syncAndSettle,
  watchSyncEvents,
} from './support/service-worker';

const { test, env } = setupE2e(import.meta.url);

describe('a tab that dies mid-exam', () => {
  test('the page closed while recording, no page open: a sync event more than a minute after the last chunk delivers the recording as interrupted', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 0, duration: 6 });
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/exams/${setup.examId}`);
    await waitForServiceWorker(page);
    const { cdp, registration } = await openSyncSession(context, env.baseUrl);
    const worker = await appServiceWorker(context, env.baseUrl);
    await watchSyncEvents(worker);

    await page.getByRole('link', { name: 'Пройти экзамен' }).click();
    await page.getByLabel(setup.variantName).check();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await waitForSpeaking(page, 1);
    // A few seconds of the first answer are on the device; then the tab dies.
    await expect
      .poll(
        async () => (await deviceRecordings(page)).find((r) => r.examId === setup.examId)?.duration ?? 0,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(2);
    await page.close();

    // Woken within the minute, the worker leaves the recording alone (a tab may still be
    // writing it) and asks to be woken again.
    const early = await syncAndSettle(worker, cdp, env.baseUrl, registration);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(0);
    expect(early.length).toBeGreaterThan(0);
    for (const outcome of early) expect(outcome).toMatch(/^rejected/);

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

    // A page opened afterwards has nothing left to send or to offer.
    const reopened = await context.newPage();
    await reopened.goto(`/student/exams/${setup.examId}`);
    await reopened.getByTestId('sync-idle').waitFor();
    expect(await outboxCount(reopened)).toBe(0);
    expect(await deviceRecordings(reopened)).toHaveLength(0);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(1);
  });
});
