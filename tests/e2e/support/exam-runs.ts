import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page';
import { expectToast } from '../pages/toasts';
import { waitForServiceWorker } from './device';
import type { ReviewSetup } from './review-fixtures';

/** The request that sends one part of a recording's upload. */
export const UPLOAD_PART_URL = /\/api\/student\/uploads\/[0-9a-f-]+\/parts\/\d+\?offset=\d+$/;

/** A recording of the exam as the student's list shows it. */
export interface RecordingRow {
  id: number;
  name: string;
}

export interface RecordingDetail {
  duration: number;
  taskStarts: number[];
  peaks: number[] | null;
  mime: string;
  access: string;
  interrupted: boolean;
  late: boolean;
}

async function studentApi<T>(baseUrl: string, setup: ReviewSetup, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${setup.student.token}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** The exam's recordings on the server, as the student sees them. */
export const examRecordings = (baseUrl: string, setup: ReviewSetup) =>
  studentApi<{ audios: RecordingRow[] }>(
    baseUrl,
    setup,
    `/api/student/exam/${setup.examId}/audios?page_size=20&page_number=0`,
  ).then((r) => r.audios);

/** Every recording of the exam on the server, as the student sees them, page after page. */
export async function allExamRecordings(baseUrl: string, setup: ReviewSetup): Promise<RecordingRow[]> {
  const rows: RecordingRow[] = [];
  for (let page = 0; ; page++) {
    const answer = await studentApi<{ pages: number; audios: RecordingRow[] }>(
      baseUrl,
      setup,
      `/api/student/exam/${setup.examId}/audios?page_size=20&page_number=${page}`,
    );
    rows.push(...answer.audios);
    if (page + 1 >= answer.pages) return rows;
  }
}

/** Waits until the server holds `count` recordings of the exam (the upload runs in the background). */
export async function waitForRecordings(
  baseUrl: string,
  setup: ReviewSetup,
  count: number,
  timeoutMs = 30_000,
): Promise<RecordingRow[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const rows = await examRecordings(baseUrl, setup);
    if (rows.length >= count || Date.now() > until) return rows;
    await new Promise((r) => setTimeout(r, 300));
  }
}

export const recordingDetail = (baseUrl: string, setup: ReviewSetup, id: number) =>
  studentApi<RecordingDetail>(baseUrl, setup, `/api/student/audios/${id}`);

/**
 * Seconds of audio in the stored file, decoded by the browser (not the duration the client
 * claimed): a recording with a chunk missing or cut short decodes shorter, or not at all.
 */
export async function decodedSeconds(
  page: Page,
  baseUrl: string,
  setup: ReviewSetup,
  id: number,
): Promise<number> {
  const { access } = await recordingDetail(baseUrl, setup, id);
  return page.evaluate(async (url) => {
    const bytes = await (await fetch(url)).arrayBuffer();
    const context = new AudioContext();
    try {
      return (await context.decodeAudioData(bytes)).duration;
    } finally {
      await context.close();
    }
  }, new URL(access, baseUrl).href);
}

/** Logs in, opens the session page, finds the exam's only variant already chosen, and starts. */
export async function openSessionAndStart(page: Page, setup: ReviewSetup) {
  await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
  await page.goto(`/student/exams/${setup.examId}/session`);
  await expect.poll(() => page.getByLabel(setup.variantName).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  await page.getByTestId('phase-preparing').waitFor();
}

/** The end screen after the last answer: 'К экзамену' leads to the exam's page. */
export async function leaveEndScreen(page: Page, setup: Pick<ReviewSetup, 'examId'>) {
  await page.getByTestId('exam-end').waitFor();
  await page.getByRole('button', { name: 'К экзамену' }).click();
  await page.waitForURL(new RegExp(`/student/exams/${setup.examId}$`));
}

/**
 * The student signs in and opens the exam's page online once: the exam is saved on the device and
 * the service worker controls the page, so from then on the exam opens and runs offline.
 */
export async function openExamForOffline(page: Page, setup: ReviewSetup) {
  await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
  await page.goto(`/student/exams/${setup.examId}`);
  await page.getByTestId('exam-offline-ready').waitFor({ timeout: 20_000 });
  await waitForServiceWorker(page);
}

/** From the exam's page: the session opened, the variant picked and the exam started. */
export async function startExamFromItsPage(page: Page, setup: ReviewSetup) {
  await page.getByRole('link', { name: 'Пройти экзамен' }).click();
  await page.getByLabel(setup.variantName).check();
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
}

/**
 * From the exam's page: the exam taken to its end (both answers recorded, the exam says so), and
 * back on the exam's page by the end screen's 'К экзамену'.
 */
export async function takeExamFromItsPage(page: Page, setup: ReviewSetup) {
  await startExamFromItsPage(page, setup);
  await waitForSpeaking(page, 2);
  await expectToast(page, 'Экзамен завершен');
  await leaveEndScreen(page, setup);
}

/**
 * Waits until the answer to task `task` (of two) is being recorded (an AUDIO_TASK's audio is
 * heard in full before its answer starts).
 */
export async function waitForSpeaking(page: Page, task: number) {
  await page
    .getByRole('heading', { name: new RegExp(`^Задание №${task} из 2`) })
    .waitFor({ timeout: 15_000 });
  await page.getByTestId('phase-speaking').waitFor({ timeout: 20_000 });
}
