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

/** Where the teacher clicks for three comments, as fractions of the waveform: each outside the region before. */
const SPOTS = [0.6, 0.25, 0.85];

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

    // The selected region is the main region: it can be dragged as a whole.
    await review.dragMainRegion(-box.width * 0.3);
    await expect.poll(async () => (await review.mainSpan()).start).toBeLessThan(expected.start - 1.5);
    const dragged = await review.mainSpan();

    // The next comment takes the region where it was left.
    await review.addComment('Пауза слишком длинная');
    await review.row('Пауза слишком длинная').waitFor();
    let saved: { start: number; end: number }[] = [];
    await expect
      .poll(async () => {
        saved = await serverComments(recording.id, setup.teacher.token);
        return saved.length;
      })
      .toBe(1);
    // The page shows whole seconds; the saved times are the region's own.
    expect(Math.abs(saved[0].start - dragged.start)).toBeLessThan(1);
    expect(Math.abs(saved[0].end - dragged.end)).toBeLessThan(1);
  });

  test('three comments land where the teacher meant them: a click moves the playhead and the region, the next region starts at the playhead', async ({
    page,
  }) => {
    const { setup, recording, review, duration } = await openReview(page);
    const wave = page.getByRole('img', { name: 'Звуковая дорожка' });
    const box = await wave.boundingBox();
    if (!box) throw new Error('no waveform');
    await page.getByText('Потяните за края области, чтобы изменить ее длину').waitFor();

    const placed: number[] = [];
    for (const [i, at] of SPOTS.entries()) {
      // A click on the waveform (away from the region, whose own clicks are its): the playhead and the new comment's region go there.
      await page.mouse.click(box.x + box.width * at, box.y + box.height / 2);
      const expected = at * duration;
      await expect
        .poll(async () => Math.abs((await review.mainSpan()).start - expected))
        .toBeLessThanOrEqual(1);
      placed.push((await review.mainSpan()).start);
      await review.addComment(`Замечание ${i + 1}`);
      await review.row(`Замечание ${i + 1}`).waitFor();
    }
    let saved: { start: number; end: number; comment: string }[] = [];
    await expect
      .poll(async () => {
        saved = await serverComments(recording.id, setup.teacher.token);
        return saved.length;
      })
      .toBe(3);
    for (const [i, at] of SPOTS.entries()) {
      const comment = saved.find((c) => c.comment === `Замечание ${i + 1}`);
      expect(Math.abs((comment?.start ?? -1) - at * duration)).toBeLessThan(1);
      expect(Math.abs((comment?.start ?? -1) - placed[i])).toBeLessThan(1);
    }

    // 'Комментарий с этого места' puts the region at the playhead.
    await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
    await review.dragMainRegion(box.width * 0.4);
    await expect.poll(async () => (await review.mainSpan()).start).toBeGreaterThan(0.3 * duration);
    await page.getByRole('button', { name: 'Комментарий с этого места' }).click();
    await expect
      .poll(async () => Math.abs((await review.mainSpan()).start - 0.1 * duration))
      .toBeLessThanOrEqual(1);
  });
});
