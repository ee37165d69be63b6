import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { cachedMedia, waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import { recordWebm, setupReviewExam, uploadRecording } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url);

describe('a shared device', () => {
  test("after teacher A logs out, user B is not served A's recording from the cache", async ({ page }) => {
    const setup = await setupReviewExam(env.baseUrl, uid());
    await page.goto('/login');
    await waitForServiceWorker(page);
    const audio = await recordWebm(page, 3000);
    const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 1.5]);
    const mediaPath = `/api/recordings/${recording.id}/content`;

    // A reviews the recording: the page keeps it on the device for offline review.
    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    await page.goto(`/teacher/audios/${recording.id}`);
    await page.getByRole('heading', { level: 1, name: recording.name }).waitFor();
    await expect.poll(() => cachedMedia(page), { timeout: 30_000 }).toContain(mediaPath);

    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Выйти' })
      .click();
    await page.getByRole('heading', { name: 'Вход' }).waitFor();
    await expect.poll(() => cachedMedia(page)).not.toContain(mediaPath);

    // B logs in on the same profile; A's recording at its path (without A's signature) goes to
    // the network, which refuses it, instead of being answered from the cache.
    await new LoginPage(page).login(setup.student.username, setup.student.password);
    await page.waitForURL(/\/student/);
    const answer = await page.evaluate(async (path) => {
      const res = await fetch(`${path}?exp=1&sig=forged`);
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    }, mediaPath);
    expect(answer.status).toBe(403);
    expect(await cachedMedia(page)).not.toContain(mediaPath);
  });
});
