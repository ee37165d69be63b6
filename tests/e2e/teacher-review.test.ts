import { describe, expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { parseSpan, StudentAudioPage, TeacherAudioPage } from './pages/recording-pages';
import { TeacherExamPage } from './pages/teacher-exam-page';
import { dismissToasts, expectToast } from './pages/toasts';
import { expectAccessible } from './support/axe';
import { setupE2e, uid } from './support/e2e';
import { recordWebm, setupReviewExam, uploadRecording } from './support/review-fixtures';
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

/** Waits until the server's comments are exactly these texts (the outbox has delivered). */
async function expectServerComments(audioId: number, token: string, texts: string[]) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const comments = await serverComments(audioId, token);
    if (JSON.stringify(comments.map((c) => c.comment)) === JSON.stringify(texts)) return comments;
    if (Date.now() > deadline) {
      throw new Error(`server comments ${JSON.stringify(comments)}, expected ${JSON.stringify(texts)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('teacher review', () => {
  test('an exam’s recording: checked, statistics, zip, region, comments seen by the student, delete', async ({
    page,
  }) => {
    const suffix = uid();
    const setup = await setupReviewExam(env.baseUrl, suffix);
    const { teacher, student } = setup;

    // A real WebM of the fake microphone, sent as the exam runner sends it.
    await page.goto('/login');
    const audio = await recordWebm(page, 4000);
    expect(audio.bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(audio.duration).toBeGreaterThan(3);
    const recording = await uploadRecording(env.baseUrl, setup, audio, [0, 3]);
    const audioName = recording.name;

    const login = new LoginPage(page);
    await login.loginAs(teacher, /\/teacher\/exams$/);

    // ---- an id that is not a number, or not an exam of this teacher's: back to /teacher ----
    await page.goto('/teacher/exams/abc');
    await page.waitForURL(/\/teacher\/exams$/);
    await page.goto('/teacher/exams/2147483000');
    await page.waitForURL(/\/teacher\/exams$/);

    // ---- from the student's page to the exam (exam rows lead to /teacher/exams/{id}) ----
    await page.goto(`/teacher/students/${student.id}`);
    await page.getByTestId('student-exam-row').getByRole('link', { name: setup.examName }).click();
    await page.waitForURL(new RegExp(`/teacher/exams/${setup.examId}$`));
    const exam = new TeacherExamPage(page);
    await exam.waitFor(setup.examName);
    const row = exam.row(audioName);
    await row.waitFor();
    await row.getByText(/^\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}$/).waitFor();
    await expectAccessible(page, '/teacher/exams/{id}');

    // ---- checked: flips after the server's answer ----
    expect(await exam.checkedSwitch(audioName).isChecked()).toBe(false);
    await exam.checkedSwitch(audioName).click();
    await expectToast(page, 'Статус изменен');
    await expect.poll(() => exam.checkedSwitch(audioName).isChecked()).toBe(true);

    // ---- statistics ----
    const statistics = await exam.openStatistics();
    const statRow = statistics.row(student.surname);
    await statRow.getByText('Завершен', { exact: true }).waitFor();
    expect(await statRow.textContent()).toContain(student.name);
    expect(await statRow.textContent()).toMatch(/\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/);
    await expectAccessible(page, 'the statistics dialog');
    await statistics.close();

    // ---- zip ----
    const download = await exam.downloadZip();
    expect(download.suggestedFilename()).toBe('exam.zip');
    const zipPath = await download.path();
    const entries = await readZipEntries(zipPath);
    expect(entries).toHaveLength(1);
    expect(entries[0].name).toMatch(new RegExp(`^${student.surname}_${student.name}_.+\\.webm$`));
    expect(entries[0].size).toBe(audio.bytes.length);
    expect(entries[0].head).toBe('1a45dfa3');

    // ---- edit the exam with the same two-step dialog ----
    await dismissToasts(page);
    const renamed = `${setup.examName} (изм.)`;
    const dialog = await exam.openEdit();
    await dialog.fillName(renamed);
    await dialog.next();
    expect(await dialog.picker.checkbox(student.surname).isChecked()).toBe(true);
    await dialog.submit('Обновить');
    await expectToast(page, 'Экзамен обновлен');
    await dialog.waitClosed();
    await exam.waitFor(renamed);

    // ---- the recording: move the main region ----
    await exam.openAudio(audioName);
    await page.waitForURL(new RegExp(`/teacher/audios/${recording.id}$`));
    const review = new TeacherAudioPage(page);
    await review.mainTimes.waitFor();
    await page.getByRole('heading', { level: 1, name: audioName }).waitFor();
    await review.mainRegion.waitFor();
    const initial = await review.mainSpan();
    expect(initial).toEqual({ start: 0, end: Math.floor(audio.duration) });
    const width = (await review.mainRegion.boundingBox())!.width;
    const perSecond = width / audio.duration;

    // The right handle, 1.5 s to the left.
    await review.resizeMainRegionEnd(-1.5 * perSecond);
    await expect.poll(async () => (await review.mainSpan()).end).toBeLessThan(initial.end);
    const resized = await review.mainSpan();
    expect(resized.start).toBe(0);
    // The whole region, 1.2 s to the right.
    await review.dragMainRegion(1.2 * perSecond);
    await expect.poll(async () => (await review.mainSpan()).start).toBeGreaterThanOrEqual(1);
    const moved = await review.mainSpan();
    expect(moved.end).toBeGreaterThan(resized.end);
    await expectAccessible(page, '/teacher/audios/{id}');

    // ---- comments: add, edit inline, add another and delete it ----
    await review.addComment('Хорошее начало');
    await review.row('Хорошее начало').waitFor();
    // Made at the main region, as shown.
    expect(parseSpan((await review.span('Хорошее начало').textContent()) ?? '')).toEqual(moved);
    await review.waitSynced();
    await expectServerComments(recording.id, teacher.token, ['Хорошее начало']);

    await review.editComment('Хорошее начало', {
      start: '1',
      end: '3.5',
      comment: 'Следите за окончаниями',
    });
    await review.row('Следите за окончаниями').waitFor();
    expect(await review.span('Следите за окончаниями').textContent()).toBe('00:01 – 00:03');
    expect(await review.row('Хорошее начало').count()).toBe(0);

    await review.addComment('Лишний комментарий');
    await review.row('Лишний комментарий').waitFor();
    await review.waitSynced();
    await expectServerComments(recording.id, teacher.token, ['Следите за окончаниями', 'Лишний комментарий']);
    await review.deleteComment('Лишний комментарий');
    const stored = await expectServerComments(recording.id, teacher.token, ['Следите за окончаниями']);
    expect(stored[0]).toMatchObject({ start: 1, end: 3.5 });
    await review.waitSynced();

    // ---- the student sees the edited comment and its times ----
    await login.loginAs(student, /\/student\/exams$/);
    const studentAudio = new StudentAudioPage(page);
    await studentAudio.goto(recording.id);
    await studentAudio.row('Следите за окончаниями').waitFor();
    expect(await studentAudio.span('Следите за окончаниями').textContent()).toBe('00:01 – 00:03');
    expect(await studentAudio.row('Лишний комментарий').count()).toBe(0);

    // ---- the teacher deletes the recording ----
    await login.loginAs(teacher, /\/teacher\/exams$/);
    await exam.goto(setup.examId);
    await exam.row(audioName).waitFor();
    // The student's page lists it among their recordings, leading to the review page.
    await page.goto(`/teacher/students/${student.id}`);
    await page.getByRole('radio', { name: 'Аудиозаписи' }).check();
    expect(
      await page.getByTestId('student-audio-row').getByRole('link', { name: audioName }).getAttribute('href'),
    ).toBe(`/teacher/audios/${recording.id}`);
    await page.goBack();
    await exam.waitFor(renamed);
    await exam.deleteAudio(audioName);
    await expectToast(page, 'Аудиозапись удалена');
    await page.getByText('Список аудиозаписей пуст', { exact: true }).waitFor();
    const after = await exam.openStatistics();
    await after.row(student.surname).getByText('Не завершен', { exact: true }).waitFor();
    await after.close();
  }, 180_000);
});
