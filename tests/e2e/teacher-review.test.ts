import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { parseSpan, StudentAudioPage, TeacherAudioPage } from './pages/recording-pages';
import { TeacherExamPage } from './pages/teacher-exam-page';
import { dismissToasts, expectToast } from './pages/toasts';
import { expectAccessible } from './support/axe';
import { setupE2e, uid } from './support/e2e';
import {
  type RecordedAudio,
  type ReviewSetup,
  recordWebm,
  setupReviewExam,
  uploadRecording,
} from './support/review-fixtures';
import { readZipEntries } from './support/zip';

const { test, env } = setupE2e(import.meta.url);

/** The recording as the server has it now (the teacher's view), through the API. */
async function serverComments(audioId: number, token: string) {
  const res = await fetch(`${env.baseUrl}/api/teacher/audios/${audioId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET /api/teacher/audios/${audioId}: ${res.status}`);
  const body = (await res.json()) as { comments: { start: number; end: number; comment: string }[] };
  return body.comments;
}

/** Waits until the server's comments are exactly these texts, in any order (the outbox has delivered). */
async function expectServerComments(audioId: number, token: string, texts: string[]) {
  let comments: Awaited<ReturnType<typeof serverComments>> = [];
  await expect
    .poll(
      async () => {
        comments = await serverComments(audioId, token);
        return comments.map((c) => c.comment).sort();
      },
      { timeout: 15_000 },
    )
    .toEqual([...texts].sort());
  return comments;
}

// A real WebM of the fake microphone, recorded once for the file and sent as the runner sends it.
let recorded: Promise<RecordedAudio> | undefined;
function fakeMicrophoneWebm(page: Page): Promise<RecordedAudio> {
  recorded ??= recordWebm(page, 4000);
  return recorded;
}

interface ReviewFixture {
  setup: ReviewSetup;
  audio: RecordedAudio;
  recording: { id: number; name: string };
  login: LoginPage;
  exam: TeacherExamPage;
}

/** An exam of a fresh teacher with one uploaded recording; the teacher is signed in. */
async function examWithRecording(page: Page): Promise<ReviewFixture> {
  const setup = await setupReviewExam(env.baseUrl, uid());
  await page.goto('/login');
  const audio = await fakeMicrophoneWebm(page);
  const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 3]);
  const login = new LoginPage(page);
  await login.loginAs(setup.teacher, /\/teacher\/exams$/);
  return { setup, audio, recording, login, exam: new TeacherExamPage(page) };
}

/** As above, on the recording's review page. */
async function reviewPage(page: Page) {
  const fixture = await examWithRecording(page);
  await page.goto(`/teacher/audios/${fixture.recording.id}`);
  const review = new TeacherAudioPage(page);
  await page.getByRole('heading', { level: 1, name: fixture.recording.name }).waitFor();
  await review.mainRegion.waitFor();
  return { ...fixture, review };
}

describe('teacher review', () => {
  test('an exam id that is not a number, or not the teacher’s, leads back to the exam list', async ({
    page,
  }) => {
    await examWithRecording(page);
    await page.goto('/teacher/exams/abc');
    await page.waitForURL(/\/teacher\/exams$/);
    await page.goto('/teacher/exams/2147483000');
    await page.waitForURL(/\/teacher\/exams$/);
  });

  test('the student’s page leads to the exam, which lists the recording with its upload time', async ({
    page,
  }) => {
    const { setup, recording, exam } = await examWithRecording(page);
    await page.goto(`/teacher/students/${setup.student.id}`);
    await page.getByTestId('student-exam-row').getByRole('link', { name: setup.examName }).click();
    await page.waitForURL(new RegExp(`/teacher/exams/${setup.examId}$`));
    await exam.waitFor(setup.examName);
    await exam
      .row(recording.name)
      // What tells attempts apart: its number, when it came and how long it is.
      .getByText(/^Попытка 1 · \d{4}\.\d{2}\.\d{2} \d{2}:\d{2} · \d{2}:\d{2}/)
      .waitFor();
    await expectAccessible(page, '/teacher/exams/{id}');
  });

  test('the student’s page lists the recording among their recordings, leading to its review', async ({
    page,
  }) => {
    const { setup, recording } = await examWithRecording(page);
    await page.goto(`/teacher/students/${setup.student.id}`);
    await page.getByRole('radio', { name: 'Аудиозаписи' }).check();
    const link = page.getByTestId('student-audio-row').getByRole('link', { name: recording.name });
    await expect.poll(() => link.getAttribute('href')).toBe(`/teacher/audios/${recording.id}`);
  });

  test('‘Проверено’ flips after the server’s answer', async ({ page }) => {
    const { setup, recording, exam } = await examWithRecording(page);
    await exam.goto(setup.examId);
    const checked = exam.checkedSwitch(recording.name);
    await expect.poll(() => checked.isChecked()).toBe(false);
    await checked.click();
    await expectToast(page, 'Статус изменен');
    await expect.poll(() => checked.isChecked()).toBe(true);
  });

  test('statistics show the student’s session as completed, with its date', async ({ page }) => {
    const { setup, exam } = await examWithRecording(page);
    await exam.goto(setup.examId);
    const statistics = await exam.openStatistics();
    const row = statistics.row(setup.student.surname);
    await row.getByText('Завершен', { exact: true }).waitFor();
    await expect.poll(() => row.textContent()).toContain(setup.student.name);
    await expect.poll(() => row.textContent()).toMatch(/\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/);
    await expectAccessible(page, 'the statistics dialog');
    await statistics.close();
  });

  test('the zip holds the recording as sent, named after the student', async ({ page }) => {
    const { setup, audio, exam } = await examWithRecording(page);
    await exam.goto(setup.examId);
    const download = await exam.downloadZip();
    expect(download.suggestedFilename()).toBe('exam.zip');
    const all = await readZipEntries(await download.path());
    // The gradebook travels with the recordings.
    expect(all[0].name).toBe('scores.csv');
    const entries = all.slice(1);
    expect(entries).toHaveLength(1);
    expect(entries[0].name).toMatch(new RegExp(`^${setup.student.surname}_${setup.student.name}_.+\\.webm$`));
    expect(entries[0].size).toBe(audio.bytes.length);
    expect(entries[0].head).toBe('1a45dfa3');
  });

  test('the exam is edited with the same two-step dialog, its students kept', async ({ page }) => {
    const { setup, exam } = await examWithRecording(page);
    await exam.goto(setup.examId);
    const renamed = `${setup.examName} (изм.)`;
    const dialog = await exam.openEdit();
    await dialog.fillName(renamed);
    await dialog.next();
    await expect.poll(() => dialog.picker.checkbox(setup.student.surname).isChecked()).toBe(true);
    await dialog.submit('Обновить');
    await expectToast(page, 'Экзамен обновлен');
    await dialog.waitClosed();
    await exam.waitFor(renamed);
  });

  test('the main region spans the recording, and is resized and moved on the waveform', async ({ page }) => {
    const { audio, review } = await reviewPage(page);
    const initial = await review.mainSpan();
    expect(initial).toEqual({ start: 0, end: Math.floor(audio.duration) });
    const perSecond = (await review.mainRegion.boundingBox())!.width / audio.duration;

    await review.resizeMainRegionEnd(-1.5 * perSecond);
    await expect.poll(async () => (await review.mainSpan()).end).toBeLessThan(initial.end);
    const resized = await review.mainSpan();
    expect(resized.start).toBe(0);

    await review.dragMainRegion(1.2 * perSecond);
    await expect.poll(async () => (await review.mainSpan()).start).toBeGreaterThanOrEqual(1);
    expect((await review.mainSpan()).end).toBeGreaterThan(resized.end);
    await expectAccessible(page, '/teacher/audios/{id}');
  });

  test('a comment is made at the main region, edited inline and deleted, and the server has each change', async ({
    page,
  }) => {
    const { setup, recording, review } = await reviewPage(page);
    const main = await review.mainSpan();
    await review.addComment('Хорошее начало');
    await expect
      .poll(async () => parseSpan((await review.span('Хорошее начало').textContent()) ?? ''))
      .toEqual(main);
    await review.waitSynced();
    await expectServerComments(recording.id, setup.teacher.token, ['Хорошее начало']);

    await review.editComment('Хорошее начало', { start: '1', end: '3.5', comment: 'Следите за окончаниями' });
    await expect.poll(() => review.span('Следите за окончаниями').textContent()).toBe('00:01 – 00:03');
    await expect.poll(() => review.row('Хорошее начало').count()).toBe(0);

    await review.addComment('Лишний комментарий');
    await review.row('Лишний комментарий').waitFor();
    await review.waitSynced();
    await expectServerComments(recording.id, setup.teacher.token, [
      'Следите за окончаниями',
      'Лишний комментарий',
    ]);
    await review.deleteComment('Лишний комментарий');
    const stored = await expectServerComments(recording.id, setup.teacher.token, ['Следите за окончаниями']);
    expect(stored[0]).toMatchObject({ start: 1, end: 3.5 });
  });

  test('the student reads the teacher’s comment with its times', async ({ page }) => {
    const { setup, recording, review, login } = await reviewPage(page);
    await review.addComment('Следите за окончаниями');
    await review.waitSynced();
    await expectServerComments(recording.id, setup.teacher.token, ['Следите за окончаниями']);
    const expected = parseSpan((await review.span('Следите за окончаниями').textContent()) ?? '');

    await login.loginAs(setup.student, /\/student\/exams$/);
    const studentAudio = new StudentAudioPage(page);
    await studentAudio.goto(recording.id);
    await expect
      .poll(async () => parseSpan((await studentAudio.span('Следите за окончаниями').textContent()) ?? ''))
      .toEqual(expected);
  });

  test('deleting the recording empties the exam’s list and its statistics', async ({ page }) => {
    const { setup, recording, exam } = await examWithRecording(page);
    await exam.goto(setup.examId);
    await exam.row(recording.name).waitFor();
    await dismissToasts(page);
    await exam.deleteExamRecording(recording.name);
    await expectToast(page, 'Аудиозапись удалена');
    await page.getByText('Список аудиозаписей пуст', { exact: true }).waitFor();
    const statistics = await exam.openStatistics();
    await statistics.row(setup.student.surname).getByText('Не завершен', { exact: true }).waitFor();
    await statistics.close();
  });
});
