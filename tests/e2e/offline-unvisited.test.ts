import { expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import { recordWebm, setupReviewExam, uploadRecording } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url);

const OFFLINE_TEXT =
  'Нет сети, а эта страница на устройстве еще не сохранена. Она откроется, когда сеть появится';

test('offline, a page never opened on the device says so instead of a blank screen, and opens when the network returns', async ({
  page,
  context,
}) => {
  const setup = await setupReviewExam(env.baseUrl, uid());
  await page.goto('/login');
  const audio = await recordWebm(page, 2000);
  const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 1]);
  await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
  await page.getByRole('heading', { level: 1, name: 'Экзамены' }).waitFor();
  await waitForServiceWorker(page);

  // A reload straight into a recording this device never opened.
  await context.setOffline(true);
  await page.goto(`/teacher/audios/${recording.id}`);
  await page.getByText(OFFLINE_TEXT, { exact: true }).waitFor({ timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Нет сети' }).waitFor();

  // An in-app step to a list never opened: the address changes and the screen says why it is empty.
  await page.goto('/teacher/exams');
  await page.getByRole('heading', { level: 1, name: 'Экзамены' }).waitFor();
  // The bar's cloud says there is no network, never 'all sent'.
  await page.getByLabel('Нет сети', { exact: true }).waitFor();
  expect(await page.getByTestId('sync-idle').count()).toBe(0);
  await page.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Файлы' }).click();
  await page.waitForURL(/\/teacher\/files$/);
  await page.getByText(OFFLINE_TEXT, { exact: true }).waitFor({ timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Файлы' }).waitFor();

  // The network returns: the page loads by itself.
  await context.setOffline(false);
  await page.getByText(OFFLINE_TEXT, { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByRole('heading', { level: 1, name: 'Файлы' }).waitFor();
  await page.getByRole('alert').filter({ hasText: 'Нет сети' }).waitFor({ state: 'detached' });
  await page.getByTestId('sync-idle').waitFor();
});
