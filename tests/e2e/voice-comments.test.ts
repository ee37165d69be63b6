import { expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { StudentAudioPage, TeacherAudioPage } from './pages/recording-pages';
import { waitForServiceWorker } from './support/device';
import { DESKTOP, setupE2e, uid } from './support/e2e';
import { recordWebm, type ReviewSetup, setupReviewExam, uploadRecording } from './support/review-fixtures';

const { scenario, env } = setupE2e(import.meta.url);

const TEXT = 'Послушайте, как здесь лучше произнести';

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

  before(async ({ page }) => {
    setup = await setupReviewExam(env.baseUrl, uid());
    await page.goto('/login');
    const audio = await recordWebm(page, 6000);
    audioId = (await uploadRecording(env.baseUrl, setup, audio, [0, 3])).id;
  });

  test('the teacher, offline, records a voice comment with the fake microphone: it waits on the device', async ({
    page,
    context,
  }) => {
    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    const review = new TeacherAudioPage(page);
    await review.goto(audioId);
    await waitForServiceWorker(page);
    await context.setOffline(true);

    const composer = page.getByTestId('comment-creator');
    await composer.getByRole('textbox', { name: 'Комментарий' }).fill(TEXT);
    await composer.getByRole('button', { name: 'Записать голосом' }).click();
    await page.getByRole('timer', { name: 'Идет запись голоса' }).waitFor();
    await expect
      .poll(async () => (await page.getByRole('timer').textContent()) ?? '', { timeout: 10_000 })
      .toMatch(/^00:0[2-9]/);
    await composer.getByRole('button', { name: 'Остановить' }).click();
    const recorded = composer.getByTestId('voice-recorded');
    await recorded.getByRole('button', { name: 'Оставить' }).click();
    await composer.getByRole('button', { name: 'Добавить' }).click();
    await review.row(TEXT).getByLabel('Голосовой комментарий').waitFor();
    expect(await serverComments(setup, audioId)).toHaveLength(0);
  });

  test('the network returns: the comment and then its voice arrive', async ({ context }) => {
    await context.setOffline(false);
    let comments: ServerComment[] = [];
    await expect
      .poll(
        async () => {
          comments = await serverComments(setup, audioId);
          return comments[0]?.voice?.duration ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(1);
    expect(comments).toHaveLength(1);
    expect(comments[0].comment).toBe(TEXT);
  });

  test('the student plays it from the comment', async ({ context }) => {
    const student = await context
      .browser()!
      .newContext({ baseURL: env.baseUrl, locale: 'ru-RU', ...DESKTOP });
    const page = await student.newPage();
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    const own = new StudentAudioPage(page);
    await own.goto(audioId);
    const voice = own.row(TEXT).getByTestId('comment-voice');
    await voice.getByRole('button', { name: 'Прослушать' }).click();
    // Playing: the button offers to stop it.
    await voice.getByRole('button', { name: 'Остановить' }).waitFor();
    await student.close();
  });
});
