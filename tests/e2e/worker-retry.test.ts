import type { CDPSession, Worker } from 'playwright-core';
import { expect } from 'vitest';
import { outboxCount } from './support/device';
import { setupE2e, uid } from './support/e2e';
import {
  examRecordings,
  openExamForOffline,
  takeExamFromItsPage,
  waitForRecordings,
} from './support/exam-runs';
import { type ReviewSetup, setupReviewExam } from './support/review-fixtures';
import { type Registration, syncAndSettle, watchClosedApp } from './support/service-worker';

const { scenario, env } = setupE2e(import.meta.url);

const REFRESH = '**/api/auth/refresh-token';

scenario(
  'the service worker keeps trying: with the app closed, a refresh answering 502',
  ({ before, test }) => {
    let setup: ReviewSetup;
    let cdp: CDPSession;
    let registration: Registration;
    let worker: Worker;
    let refusedRefreshes = 0;

    before(async ({ page, context }) => {
      setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 0, duration: 2 });
      await openExamForOffline(page, setup);
      ({ cdp, registration, worker } = await watchClosedApp(context, env.baseUrl));
    });

    test('an answer finished offline waits in the outbox when the student closes the app at once', async ({
      page,
      context,
    }) => {
      await context.setOffline(true);
      await takeExamFromItsPage(page, setup);
      expect(await outboxCount(page)).toBe(1);
      await page.close();
    });

    test('a refresh answering 502 fails the sync event and sends nothing', async ({ context }) => {
      // The network is back, but the proxy in front of the server answers the worker's token
      // refresh with 502 (the server restarting behind nginx). context.route sees the worker's
      // requests too.
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
    });

    test("the browser's next sync event, the proxy answering again, delivers the answer", async ({
      context,
    }) => {
      await context.unroute(REFRESH);
      const retried = await syncAndSettle(worker, cdp, env.baseUrl, registration);
      expect(retried).toContain('fulfilled');
      expect(await waitForRecordings(env.baseUrl, setup, 1)).toHaveLength(1);
    });

    test('the device stays signed in: the refresh cookie is kept and a page opened now needs no login', async ({
      context,
    }) => {
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
  },
);
