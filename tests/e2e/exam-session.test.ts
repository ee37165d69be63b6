import { describe, expect } from 'vitest';
import { setupE2e, uid } from './support/e2e';
import {
  leaveEndScreen,
  examRecordings as listRecordings,
  openExamForOffline,
  openSessionAndStart,
  recordingDetail as detailOf,
  takeExamFromItsPage,
  waitForRecordings as waitFor,
  waitForSpeaking,
} from './support/exam-runs';
import { type ReviewSetup, setupReviewExam } from './support/review-fixtures';
import { expectToast } from './pages/toasts';

const { test, env } = setupE2e(import.meta.url);

const examRecordings = (setup: ReviewSetup) => listRecordings(env.baseUrl, setup);
const waitForRecordings = (setup: ReviewSetup, count: number) => waitFor(env.baseUrl, setup, count);
const recordingDetail = (setup: ReviewSetup, id: number) => detailOf(env.baseUrl, setup, id);

describe('student exam session', () => {
  test('a two-task exam (one AUDIO_TASK) is recorded and reaches the server', async ({ page }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), {
      audioTask: true,
      preparationDuration: 1,
      duration: 3,
    });
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 1);
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    await leaveEndScreen(page, setup);

    const [row] = await waitForRecordings(setup, 1);
    expect(row?.name).toBe(`${setup.examName} — ${setup.student.surname} ${setup.student.name}`);
    const detail = await recordingDetail(setup, row.id);
    expect(detail.duration).toBeGreaterThan(3);
    expect(detail.taskStarts).toHaveLength(2);
    expect(detail.taskStarts[0]).toBe(0);
    expect(detail.taskStarts[1]).toBeGreaterThan(1.5);
    expect(detail.mime).toMatch(/^audio\/webm/);
    expect(detail.peaks?.length).toBeGreaterThan(10);
    // The exam page lists it once the upload was confirmed.
    await page
      .getByRole('link', { name: new RegExp(setup.examName) })
      .first()
      .waitFor();
  });

  test('a reload in the middle of the second task sends what was recorded by itself, flagged interrupted', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), {
      audioTask: true,
      preparationDuration: 1,
      duration: 4,
    });
    // The upload waits until the banner was read (online, it would go at once).
    const uploads: Buffer[] = [];
    let letUploadsGo = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      letUploadsGo = resolve;
    });
    await context.route('**/api/student/uploads/**', async (route) => {
      uploads.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
      await gate;
      await route.continue();
    });
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 2);
    await page.waitForTimeout(1500);
    await page.reload();

    // Nobody records it any more: it goes out without a click, and the banner says so meanwhile.
    const notice = page.getByTestId('unfinished-recording');
    await notice.waitFor();
    const text = await notice.textContent();
    expect(text).toContain(setup.examName);
    expect(text).toContain('будет отправлена');
    expect(await notice.getByRole('button').count()).toBe(0);
    letUploadsGo();

    const rows = await waitForRecordings(setup, 1);
    expect(rows).toHaveLength(1);
    const detail = await recordingDetail(setup, rows[0].id);
    expect(detail.taskStarts).toHaveLength(2);
    // The first task whole and at least a part of the second (a reload loses at most ~1 s).
    expect(detail.duration).toBeGreaterThan(detail.taskStarts[1]);
    await notice.waitFor({ state: 'detached' });
    expect(uploads.length).toBeGreaterThan(0);
    expect(detail.interrupted).toBe(true);
  });

  test('a network cut during the upload delivers the recording exactly once after reconnection', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 1, duration: 3 });
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 2);
    await context.setOffline(true);
    await expectToast(page, 'Экзамен завершен');
    await page.getByTestId('sync-pending').waitFor();
    expect(await examRecordings(setup)).toHaveLength(0);

    // Back online, the first upload reaches the server but its answer is lost on the way back:
    // the device must retry, and the server must still keep one recording. The retry may come
    // from the page or from the service worker's Background Sync (which page.route cannot see),
    // so the test counts what the server keeps, not who asked.
    let completes = 0;
    await page.route('**/api/student/uploads/**', async (route) => {
      const request = route.request();
      if (request.method() === 'POST' && request.url().endsWith('/complete')) {
        completes += 1;
        if (completes === 1) {
          await route.fetch();
          return route.abort('connectionreset');
        }
      }
      return route.continue();
    });
    await context.setOffline(false);
    await page.getByTestId('sync-idle').waitFor({ timeout: 30_000 });
    expect(completes).toBeGreaterThanOrEqual(1);
    const rows = await waitForRecordings(setup, 1);
    await page.waitForTimeout(1000);
    expect(await examRecordings(setup)).toHaveLength(1);
    expect(rows[0].name).toContain(setup.examName);
  });
});

describe('student exam session without network', () => {
  test('after one online visit the exam is taken offline, even across a reload, and sent on reconnection', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), {
      audioTask: true,
      preparationDuration: 1,
      duration: 2,
    });
    await openExamForOffline(page, setup);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: setup.examName }).waitFor();
    await takeExamFromItsPage(page, setup);
    await page.getByTestId('sync-pending').waitFor();
    expect(await examRecordings(setup)).toHaveLength(0);

    await context.setOffline(false);
    await page.getByTestId('sync-idle').waitFor({ timeout: 30_000 });
    const rows = await waitForRecordings(setup, 1);
    expect(rows).toHaveLength(1);
    const detail = await recordingDetail(setup, rows[0].id);
    expect(detail.taskStarts).toHaveLength(2);
  });
});
