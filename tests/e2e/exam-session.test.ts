import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { setupE2e, uid } from './support/e2e';
import { type ReviewSetup, setupReviewExam } from './support/review-fixtures';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';

const { test, env } = setupE2e(import.meta.url);

interface RecordingRow {
  id: number;
  name: string;
}

async function studentApi<T>(setup: ReviewSetup, path: string): Promise<T> {
  const res = await fetch(`${env.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${setup.student.token}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

const examRecordings = (setup: ReviewSetup) =>
  studentApi<{ audios: RecordingRow[] }>(
    setup,
    `/api/student/exam/${setup.examId}/audios?page_size=20&page_number=0`,
  ).then((r) => r.audios);

/** Waits until the server holds `count` recordings of the exam (the upload runs in the background). */
async function waitForRecordings(
  setup: ReviewSetup,
  count: number,
  timeoutMs = 30_000,
): Promise<RecordingRow[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await examRecordings(setup);
    if (rows.length >= count || Date.now() > until) return rows;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const recordingDetail = (setup: ReviewSetup, id: number) =>
  studentApi<{ duration: number; taskStarts: number[]; peaks: number[] | null; mime: string }>(
    setup,
    `/api/student/audios/${id}`,
  );

async function openSessionAndStart(page: Page, setup: ReviewSetup) {
  await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
  await page.goto(`/student/exams/${setup.examId}/session`);
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  await expectToast(page, 'Выберите вариант');
  await page.getByLabel(setup.variantName).check();
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  await page.getByTestId('phase-preparing').waitFor();
}

async function waitForSpeaking(page: Page, task: number) {
  await page
    .getByRole('heading', { name: new RegExp(`^Задание №${task} из 2`) })
    .waitFor({ timeout: 15_000 });
  await page.getByTestId('phase-speaking').waitFor({ timeout: 15_000 });
}

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
    await page.waitForURL(new RegExp(`/student/exams/${setup.examId}$`));

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

  test('a reload in the middle of the second task still delivers what was recorded', async ({ page }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), {
      audioTask: true,
      preparationDuration: 1,
      duration: 4,
    });
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 2);
    await page.waitForTimeout(1500);
    await page.reload();

    const offer = page.getByTestId('unfinished-recording');
    await offer.waitFor();
    expect(await offer.textContent()).toContain(setup.examName);
    await offer.getByRole('button', { name: 'Отправить запись' }).click();

    const rows = await waitForRecordings(setup, 1);
    expect(rows).toHaveLength(1);
    const detail = await recordingDetail(setup, rows[0].id);
    expect(detail.taskStarts).toHaveLength(2);
    // The first task whole and at least a part of the second (a reload loses at most ~1 s).
    expect(detail.duration).toBeGreaterThan(detail.taskStarts[1]);
    await offer.waitFor({ state: 'detached' });
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
    // the device must retry, and the server must still keep one recording.
    let uploads = 0;
    await page.route('**/api/student/exam/complete', async (route) => {
      uploads += 1;
      if (uploads === 1) {
        await route.fetch();
        await route.abort('connectionreset');
      } else {
        await route.continue();
      }
    });
    await context.setOffline(false);
    await page.getByTestId('sync-idle').waitFor({ timeout: 30_000 });
    expect(uploads).toBeGreaterThanOrEqual(2);
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
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/exams/${setup.examId}`);
    await page.getByTestId('exam-offline-ready').waitFor({ timeout: 20_000 });
    // The service worker holds the app shell once it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: setup.examName }).waitFor();
    await page.getByRole('link', { name: 'Пройти экзамен' }).click();
    await page.getByLabel(setup.variantName).check();
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
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
