import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { savedOnDevice, waitForServiceWorker, watchResponseSources } from './support/device';
import { setupE2e, uid } from './support/e2e';
import { leaveEndScreen, startExamFromItsPage } from './support/exam-runs';
import { recordWebm, type ReviewSetup, setupReviewExam, uploadRecording } from './support/review-fixtures';
import { LoginPage } from './pages/login-page';

const { scenario, env } = setupE2e(import.meta.url);

/** A screen, how a user reaches it in the app, and what shows it rendered (not a spinner, not an error). */
interface Screen {
  path: string;
  reach: (page: Page) => Promise<void>;
  shows: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).first().waitFor();
const link = (name: string | RegExp) => (page: Page) => page.getByRole('link', { name }).first().waitFor();
const click = (name: string | RegExp) => (page: Page) => page.getByRole('link', { name }).first().click();
const nav = (name: string) => (page: Page) =>
  page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name }).click();

/** Closes every page of the profile and opens the app afresh: a cold start. */
async function coldStart(context: BrowserContext): Promise<Page> {
  for (const open of context.pages()) await open.close();
  return context.newPage();
}

/** Online, as a user would: through the app's links, one screen after another. */
async function browseAll(page: Page, screens: Screen[]): Promise<void> {
  for (const screen of screens) {
    await screen.reach(page);
    await page.waitForURL((url) => url.pathname === screen.path);
    await screen.shows(page);
  }
}

/** Offline, each screen opened by its address: the app starts from the device every time. */
async function openAll(page: Page, screens: Screen[]): Promise<void> {
  for (const screen of screens) {
    await page.goto(screen.path);
    try {
      await screen.shows(page);
    } catch (error) {
      // The harness keeps a screenshot of this page (the one still open).
      throw new Error(`${screen.path} did not render from the device: ${String(error)}`);
    }
  }
}

const recordingsOf = async (setup: ReviewSetup): Promise<Array<{ id: number }>> => {
  const res = await fetch(
    `${env.baseUrl}/api/student/exam/${setup.examId}/audios?page_size=20&page_number=0`,
    { headers: { authorization: `Bearer ${setup.student.token}` } },
  );
  return ((await res.json()) as { audios: Array<{ id: number }> }).audios;
};

scenario('offline that survives cold starts: two offline cold starts in a row', ({ before, test }) => {
  let setup: ReviewSetup;
  let screens: Screen[];
  let current: Page;

  before(async ({ page }) => {
    setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 1, duration: 2 });
    await page.goto('/login');
    const recording = await uploadRecording(env.baseUrl, setup, await recordWebm(page, 2000), [0]);
    screens = [
      { path: '/student/exams', reach: nav('Экзамены'), shows: link(setup.examName) },
      {
        path: `/student/exams/${setup.examId}`,
        reach: click(setup.examName),
        shows: async (p) => {
          await heading(setup.examName)(p);
          await link(recording.name)(p);
        },
      },
      { path: '/student/audios', reach: nav('Аудиозаписи'), shows: link(recording.name) },
      {
        path: `/student/audios/${recording.id}`,
        reach: click(recording.name),
        shows: heading(recording.name),
      },
      { path: '/student/requests', reach: nav('Заявки'), shows: heading('Заявки') },
      {
        path: '/student/profile',
        reach: click('Профиль'),
        shows: (p) => p.getByText(`@${setup.student.username}`).first().waitFor(),
      },
    ];
  });

  test('online once, every screen renders and the exam and the profile are saved on the device', async ({
    page,
  }) => {
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await waitForServiceWorker(page);
    await browseAll(page, screens);
    // Last, the exam page: it saves the exam for offline use and says so once it is on the device.
    await nav('Экзамены')(page);
    await click(setup.examName)(page);
    await page.getByTestId('exam-offline-ready').waitFor({ timeout: 20_000 });
    // The profile, seen last, is on the device too (the app writes a screen's data a task after it
    // shows; a harness closing the page at once would not let even that happen).
    await expect.poll(() => savedOnDevice(page, ['student', 'profile']), { timeout: 10_000 }).toBe(true);
  });

  test('the first cold start offline renders every screen visited online from the device', async ({
    context,
  }) => {
    await context.setOffline(true);
    current = await coldStart(context);
    const cdp = await context.newCDPSession(current);
    const received = watchResponseSources(cdp);
    await cdp.send('Network.enable');
    await openAll(current, screens);
    // The app's code came from the device without the worker's script answering each file.
    const files = received.filter((r) => r.pathname.startsWith('/assets/'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((r) => r.source !== 'cache')).toEqual([]);
  });

  test('offline, the exam is taken and returns to its page', async () => {
    await current.goto(`/student/exams/${setup.examId}`);
    await startExamFromItsPage(current, setup);
    await current
      .locator('#notistack-snackbar')
      .getByText('Экзамен завершен')
      .first()
      .waitFor({ timeout: 30_000 });
    await leaveEndScreen(current, setup);
    await heading(setup.examName)(current);
  });

  test('the second cold start, still offline, lost nothing from the device', async ({ context }) => {
    current = await coldStart(context);
    await openAll(current, screens);
  });

  test('back online, the answer taken offline arrives', async ({ context }) => {
    await context.setOffline(false);
    await current.goto(`/student/exams/${setup.examId}`);
    await expect.poll(async () => (await recordingsOf(setup)).length, { timeout: 30_000 }).toBe(2);
  });
});
