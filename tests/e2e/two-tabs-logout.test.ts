import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { logOut, mainMenu } from './pages/app-nav';
import { LoginPage } from './pages/login-page';
import { newUser, registerUser, type TestUser } from './support/api';
import { comeBackLater, savedCacheMentions, savedOnDevice, waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import {
  addTeacherComment,
  recordWebm,
  type ReviewSetup,
  setupReviewExam,
  uploadRecording,
} from './support/review-fixtures';

const { scenario, env } = setupE2e(import.meta.url);

const EMPTY = 'Ничего не найдено';
const NOT_SAVED = 'Нет сети, а эта страница на устройстве еще не сохранена';

/** Opens `path` and waits until it shows one of `shows` (what B may see, or what A's data would be). */
async function openAndSettle(page: Page, path: string, shows: string[]): Promise<void> {
  await page.goto(path);
  const [first, ...rest] = shows.map((text) => page.getByText(text).first());
  try {
    await rest
      .reduce((any, next) => any.or(next), first)
      .first()
      .waitFor();
  } catch (error) {
    const screen = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(
      `${path} showed none of ${JSON.stringify(shows)}; on screen:\n${screen}\n${String(error)}`,
    );
  }
}

scenario(
  "one user's data stays that user's: two tabs of A, the first logs out and B logs in",
  ({ before, test }) => {
    let setup: ReviewSetup;
    let recording: { id: number; name: string };
    let comment: string;
    let dataOfA: string[];
    let studentB: TestUser;
    let second: Page;
    let cold: Page;

    before(async ({ page }) => {
      setup = await setupReviewExam(env.baseUrl, uid());
      await page.goto('/login');
      await waitForServiceWorker(page);
      recording = await uploadRecording(env.baseUrl, setup, await recordWebm(page, 2000), [0, 1]);
      comment = `Комментарий учителя для ${setup.student.surname}`;
      await addTeacherComment(env.baseUrl, setup, recording.id, comment);
      dataOfA = [setup.examName, recording.name, comment];
      studentB = newUser('tabs', uid());
      await registerUser(studentB, 'STUDENT');
    });

    test("both tabs show A's exams, recordings and the teacher's comment", async ({ page, context }) => {
      // Tab 1: A's exams, recordings and the teacher's comment.
      await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
      await page.getByRole('link', { name: setup.examName }).waitFor();
      await mainMenu(page).getByRole('link', { name: 'Аудиозаписи' }).click();
      await page.getByRole('link', { name: recording.name }).click();
      await page.getByText(comment).waitFor();

      // Tab 2: A as well, the same screens.
      second = await context.newPage();
      await second.goto('/student/exams');
      await second.getByRole('link', { name: setup.examName }).waitFor();
      await mainMenu(second).getByRole('link', { name: 'Аудиозаписи' }).click();
      await second.getByRole('link', { name: recording.name }).click();
      await second.getByText(comment).waitFor();
    });

    test("in the first tab A logs out and B logs in: B's (empty) screens are saved on the device", async ({
      page,
    }) => {
      await page.bringToFront();
      await logOut(page);
      await new LoginPage(page).loginHere(studentB, /\/student\/exams$/);
      await page.getByText(EMPTY).waitFor();
      await mainMenu(page).getByRole('link', { name: 'Аудиозаписи' }).click();
      await page.getByText(EMPTY).waitFor();
      // B's screens are on the device (the app writes them a moment after they show).
      for (const screen of [
        ['student', 'exams'],
        ['student', 'audios'],
      ]) {
        await expect.poll(() => savedOnDevice(page, screen, { prefix: true })).toBe(true);
      }
    });

    test("the second tab comes to the front a minute later offline; after every page closed, B's offline cold start shows none of A's data", async ({
      context,
    }) => {
      // The network drops; a minute later tab 2, still on A's recording, comes to the front; then
      // every page of the browser is closed.
      await context.setOffline(true);
      await comeBackLater(second, 60_000);
      for (const open of context.pages()) await open.close();

      // Offline cold start, B signed in: B's screens from the device, none of A's data.
      cold = await context.newPage();
      for (const path of ['/student/exams', '/student/audios', `/student/audios/${recording.id}`]) {
        await openAndSettle(cold, path, [EMPTY, NOT_SAVED, ...dataOfA]);
        expect(new URL(cold.url()).pathname).toBe(path);
        for (const text of dataOfA) expect(await cold.getByText(text).count(), `${text} on ${path}`).toBe(0);
      }
    });

    test("no saved cache on the device holds A's exam, recording or comment", async () => {
      for (const text of dataOfA) {
        expect(await savedCacheMentions(cold, text), `${text} in the device's saved cache`).toBe(false);
      }
    });
  },
);
