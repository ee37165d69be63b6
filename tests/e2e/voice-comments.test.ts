import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { StudentAudioPage, TeacherAudioPage } from './pages/recording-pages';
import { cachedMedia, waitForServiceWorker } from './support/device';
import { PHONE, setupE2e, uid } from './support/e2e';
import { snapScreen } from './support/layout';
import {
  recordWebm,
  type ReviewSetup,
  setModelAnswer,
  setupReviewExam,
  switchChecked,
  uploadRecording,
} from './support/review-fixtures';

// On phones, as the teacher and student use it.
const { scenario, env } = setupE2e(import.meta.url, { device: PHONE });

const TEXT = 'Послушайте, как здесь лучше произнести';
/** What a comment recorded without text says. */
const VOICE_ONLY_TEXT = 'Голосовой комментарий';
const TEXTS = [TEXT, VOICE_ONLY_TEXT, 'А здесь темп ровнее'];
const MODEL_TEXT = 'Образцовый рассказ о картинке';

/** The media paths the page has really played (a `playing` event: its data arrived), in order. */
const playedMedia = (page: Page) =>
  page.evaluate(() => (window as unknown as { __e2ePlayed?: string[] }).__e2ePlayed ?? []);

interface ServerComment {
  comment: string;
  voice: { access: string; duration: number } | null;
}

async function serverComments(setup: ReviewSetup, audioId: number): Promise<ServerComment[]> {
  const res = await fetch(`${env.baseUrl}/api/teacher/audios/${audioId}`, {
    headers: { authorization: `Bearer ${setup.teacher.token}` },
  });
  return ((await res.json()) as { comments: ServerComment[] }).comments;
}

scenario('a spoken comment recorded offline reaches the student', ({ before, test }) => {
  let setup: ReviewSetup;
  let audioId: number;
  let modelFileId: number;

  before(async ({ page }) => {
    setup = await setupReviewExam(env.baseUrl, uid());
    await page.goto('/login');
    const audio = await recordWebm(page, 6000);
    audioId = (await uploadRecording(env.baseUrl, setup, audio, [0, 3])).id;
    modelFileId = await setModelAnswer(env.baseUrl, setup, 0, {
      text: `<p>${MODEL_TEXT}</p>`,
      audioName: 'Образец-описания.wav',
      seconds: 2,
    });
  });

  test("the task's page shows its model answer to the teacher", async ({ page }) => {
    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    await page.goto(`/teacher/tasks/${setup.taskIds[0]}`);
    const section = page.getByRole('region', { name: 'Образец ответа' });
    await section.getByText(MODEL_TEXT).waitFor();
    await section.getByLabel('Образец ответа: Образец-описания.wav').waitFor();
    await snapScreen(page, 'teacher-task-model-answer');
  });

  test('the teacher, on a phone with the network off, records three spoken comments with the fake microphone: they wait on the device', async ({
    page,
    context,
  }) => {
    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    const review = new TeacherAudioPage(page);
    await review.goto(audioId);
    await waitForServiceWorker(page);
    await context.setOffline(true);

    const composer = page.getByTestId('comment-creator');
    const voiceMarks = page
      .getByRole('list', { name: 'Комментарии' })
      .getByRole('img', { name: 'Голосовой комментарий' });
    for (const [i, text] of TEXTS.entries()) {
      // The second is spoken only: no text at all.
      if (text !== VOICE_ONLY_TEXT) await composer.getByRole('textbox', { name: 'Комментарий' }).fill(text);
      await composer.getByRole('button', { name: 'Записать голосом' }).tap();
      await page.getByRole('timer', { name: 'Идет запись голоса' }).waitFor();
      await expect
        .poll(async () => (await page.getByRole('timer').textContent()) ?? '', { timeout: 10_000 })
        .toMatch(/^00:0[2-9]/);
      await composer.getByRole('button', { name: 'Остановить' }).tap();
      await composer.getByTestId('voice-recorded').getByRole('button', { name: 'Оставить' }).tap();
      await composer.getByRole('button', { name: 'Добавить' }).tap();
      // Each row with a voice has its mark (the voice-only row's text says the same words).
      await expect.poll(() => voiceMarks.count()).toBe(i + 1);
    }
    expect(await serverComments(setup, audioId)).toHaveLength(0);
  });

  test('the network returns: the comments and then their voices arrive', async ({ context }) => {
    await context.setOffline(false);
    let comments: ServerComment[] = [];
    await expect
      .poll(
        async () => {
          comments = await serverComments(setup, audioId);
          return comments.filter((c) => (c.voice?.duration ?? 0) > 1).length;
        },
        { timeout: 30_000 },
      )
      .toBe(3);
    expect(comments.map((c) => c.comment).sort()).toEqual([...TEXTS].sort());
  });

  test('the student plays it from the comment', async ({ context }) => {
    const student = await context.browser()!.newContext({ baseURL: env.baseUrl, locale: 'ru-RU', ...PHONE });
    const page = await student.newPage();
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    const own = new StudentAudioPage(page);
    await own.goto(audioId);
    const voice = own.row(TEXT).getByTestId('comment-voice');
    await voice.getByRole('button', { name: 'Прослушать' }).tap();
    // Playing: the button offers to stop it.
    await voice.getByRole('button', { name: 'Остановить' }).waitFor();
    // Not checked yet: no model answer.
    expect(await page.getByTestId('model-answers').count()).toBe(0);
    await student.close();
  });

  test('once checked, the student reads and hears the model answer, and after one online visit has it and the voice offline', async ({
    context,
  }) => {
    expect(await switchChecked(env.baseUrl, setup, audioId)).toBe(true);
    const comments = await serverComments(setup, audioId);
    const voicePaths = comments.map((c) => new URL(c.voice!.access, env.baseUrl).pathname);
    const modelPath = `/api/files/${modelFileId}/content`;

    const student = await context.browser()!.newContext({ baseURL: env.baseUrl, locale: 'ru-RU', ...PHONE });
    await student.addInitScript(() => {
      const played: string[] = ((window as unknown as { __e2ePlayed?: string[] }).__e2ePlayed = []);
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        this.addEventListener('playing', () => played.push(new URL(this.currentSrc).pathname), {
          once: true,
        });
        return play.call(this);
      };
    });
    const page = await student.newPage();
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await waitForServiceWorker(page);
    const own = new StudentAudioPage(page);
    await own.goto(audioId);
    const model = page.getByRole('region', { name: 'Образец ответа: задание 1' });
    await model.getByText(MODEL_TEXT).waitFor();
    // Opened once online, the page keeps both files on the device.
    await expect
      .poll(() => cachedMedia(page), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([...voicePaths, modelPath]));

    await student.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'Комментарии учителя' }).waitFor();
    await model.getByText(MODEL_TEXT).waitFor();
    await snapScreen(page, 'student-recording-offline-with-voices');
    for (const c of comments) {
      await own.row(c.comment).getByTestId('comment-voice').getByRole('button', { name: 'Прослушать' }).tap();
      await expect
        .poll(() => playedMedia(page), { timeout: 10_000 })
        .toContain(voicePaths[comments.indexOf(c)]);
    }
    await model
      .getByLabel('Образец ответа: Образец-описания.wav')
      .evaluate((a: HTMLAudioElement) => a.play());
    await expect.poll(() => playedMedia(page), { timeout: 10_000 }).toContain(modelPath);
    await student.close();
  });
});
