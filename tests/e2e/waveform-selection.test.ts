import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { TeacherAudioPage } from './pages/recording-pages';
import { setupE2e, uid } from './support/e2e';
import { recordWebm, setupReviewExam, uploadRecording } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url);

/** A recording longer than the main region's first 5 s, so there is room to drag outside it. */
async function openReview(page: Page) {
  const setup = await setupReviewExam(env.baseUrl, uid());
  await page.goto('/login');
  const audio = await recordWebm(page, 10_000);
  const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 5]);
  await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
  const review = new TeacherAudioPage(page);
  await review.goto(recording.id);
  await page.locator('[data-testid="waveform-player"][data-drawn="true"]').waitFor();
  return { setup, recording, review, duration: audio.duration };
}

/** The comments the server holds for the recording (the teacher's view). */
async function serverComments(audioId: number, token: string) {
  const res = await fetch(`${env.baseUrl}/api/teacher/audios/${audioId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { comments: { start: number; end: number; comment: string }[] };
  return body.comments;
}

describe('drag to select on the teacher’s waveform', () => {
  test('a drag across the waveform draws a new range that becomes the main region of the next comment', async ({
    page,
  }) => {
    const { setup, recording, review, duration } = await openReview(page);
    expect(await review.mainSpan()).toEqual({ start: 0, end: 5 });

    const wave = page.getByRole('img', { name: 'Звуковая дорожка' });
    const box = await wave.boundingBox();
    if (!box) throw new Error('no waveform');
    const y = box.y + box.height / 2;
    const from = box.x + box.width * 0.7;
    const dx = box.width * 0.2;
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(from + dx, y, { steps: 15 });
    // While dragging, the new range starts 5 px wide and grows with the pointer.
    const selection = page.getByTestId('waveform-player').locator('[part~="region"][part~="selection"]');
    const dragging = await selection.boundingBox();
    expect(dragging?.width).toBeGreaterThan(dx + 5 - 2);
    expect(dragging?.width).toBeLessThan(dx + 5 + 2);
    await page.mouse.up();

    // One main region, now where the drag was; the old one is gone.
    await expect.poll(() => review.mainRegion.count()).toBe(1);
    const mainBox = await review.mainRegion.boundingBox();
    expect(Math.abs((mainBox?.x ?? 0) - from)).toBeLessThan(3);
    const expected = { start: 0.7 * duration, end: (0.9 * duration * box.width + 5 * duration) / box.width };
    await expect
      .poll(async () => {
        const span = await review.mainSpan();
        return Math.abs(span.start - expected.start) <= 1 && Math.abs(span.end - expected.end) <= 1;
      })
      .toBe(true);

    // The next comment takes the selected range.
    await review.addComment('Пауза слишком длинная');
    await review.row('Пауза слишком длинная').waitFor();
    let saved: { start: number; end: number }[] = [];
    await expect
      .poll(async () => {
        saved = await serverComments(recording.id, setup.teacher.token);
        return saved.length;
      })
      .toBe(1);
    expect(Math.abs(saved[0].start - expected.start)).toBeLessThan(0.3);
    expect(Math.abs(saved[0].end - expected.end)).toBeLessThan(0.3);

    // The selected region is the main region: it can still be dragged as a whole.
    await review.dragMainRegion(-box.width * 0.3);
    await expect.poll(async () => (await review.mainSpan()).start).toBeLessThan(expected.start - 1.5);
  });
});
