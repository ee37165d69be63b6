import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';
import { outboxCount, waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import { examRecordings, waitForRecordings, waitForSpeaking } from './support/exam-runs';
import { setupReviewExam } from './support/review-fixtures';
import { appServiceWorker, openSyncSession, syncAndSettle, watchSyncEvents } from './support/service-worker';

const { test, env } = setupE2e(import.meta.url);

const REFRESH = '**/api/auth/refresh-token';

describe('the service worker keeps trying', () => {
  test('with the app closed, a refresh answering 502 fails the sync event; a later one delivers, and the device stays signed in', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 0, duration: 2 });
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/exams/${setup.examId}`);
    await page.getByTestId('exam-offline-ready').waitFor({ timeout: 20_000 });
    await waitForServiceWorker(page);
    const { cdp, registration } = await openSyncSession(context, env.baseUrl);
    const worker = await appServiceWorker(context, env.baseUrl);
    await watchSyncEvents(worker);

    // The answer is finished offline and the student closes the app at once.
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Пройти экзамен' }).click();
    await page.getByLabel(setup.variantName).check();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    expect(await outboxCount(page)).toBe(1);
    await page.close();

    // The network is back, but the proxy in front of the server answers the worker's token
    // refresh with 502 (the server restarting behind nginx). context.route sees the worker's
    // requests too.
    let refusedRefreshes = 0;
    await context.route(REFRESH, async (route) => {
      refusedRefreshes += 1;
      await route.fulfill({
        status: 502,
        contentType: 'text/html',
        body: '<html><body>502 Bad Gateway</body></html>',
      });
    });
    await context.setOffline(false);
    // A temporary failure rejects the event, so that the browser tries again later.
    const failed = await syncAndSettle(worker, cdp, env.baseUrl, registration);
    expect(refusedRefreshes).toBeGreaterThanOrEqual(1);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(0);
    expect(failed.length).toBeGreaterThan(0);
    for (const outcome of failed) expect(outcome).toMatch(/^rejected/);

    // The proxy answers again; the browser's next try delivers.
    await context.unroute(REFRESH);
    const retried = await syncAndSettle(worker, cdp, env.baseUrl, registration);
    expect(retried).toContain('fulfilled');
    expect(await waitForRecordings(env.baseUrl, setup, 1)).toHaveLength(1);

    // Still signed in: the refresh cookie is there, and a page opened now needs no login.
    const cookies = await context.cookies(`${env.baseUrl}/api/auth/refresh-token`);
    expect(cookies.map((c) => c.name)).toContain('ustno_refresh');
    const reopened = await context.newPage();
    await reopened.goto(`/student/exams/${setup.examId}`);
    await reopened.getByRole('heading', { level: 1, name: setup.examName }).waitFor();
    await reopened.getByTestId('sync-idle').waitFor();
    expect(new URL(reopened.url()).pathname).toBe(`/student/exams/${setup.examId}`);
    expect(await outboxCount(reopened)).toBe(0);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(1);
  });
});
