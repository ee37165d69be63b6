import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';
import { setupE2e, uid } from './support/e2e';
import { snapScreen } from './support/layout';
import { recordingDetail, waitForRecordings } from './support/exam-runs';
import { type ReviewSetup, setupReviewExam, toneWav } from './support/review-fixtures';

const { scenario, env } = setupE2e(import.meta.url);

const EGE = 'ЕГЭ, английский язык, устная часть';
const INTERVIEW = 'ЕГЭ 3. Интервью';

/** What a datetime-local input takes, in this machine's (and so the browser's) time zone. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${env.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data as T;
}

interface TaskRow {
  id: number;
  name: string;
  text: string;
  type: string;
  duration: number;
  preparationDuration: number;
  files: { id: number }[];
  criteria: { name: string; maxPoints: number }[];
  questions: { text: string | null; fileId: number | null; answerSeconds: number }[];
}

/**
 * The ЕГЭ's real times (90 s to prepare, 40 s an answer…) would make this test last 15 minutes:
 * the teacher's tasks are cut to a second of preparation, a second per plain answer and 5 s per
 * question (the least allowed), keeping every question, its audio and the order.
 */
async function shortenTimes(token: string, taskIds: number[]): Promise<void> {
  for (const id of taskIds) {
    const task = await api<TaskRow>(token, 'GET', `/api/teacher/task/${id}`);
    await api(token, 'PATCH', '/api/teacher/task', {
      id,
      name: task.name,
      text: task.text,
      preparationDuration: 1,
      duration: 1,
      files: task.files.map((f) => f.id),
      criteria: task.criteria,
      questions: task.questions.map((q) => ({ text: q.text, fileId: q.fileId, answerSeconds: 5 })),
    });
  }
}

const examPage = (page: Page, examId: number) => page.goto(`/student/exams/${examId}`);

scenario('a mock ЕГЭ English from the official format, taken question by question', ({ before, test }) => {
  let setup: ReviewSetup;
  let examId: number;
  let variantId: number;
  let taskIds: number[];
  const examName = `Пробный ЕГЭ ${uid()}`;
  const audioName = `Вопрос интервью ${uid()}.wav`;

  before(async () => {
    setup = await setupReviewExam(env.baseUrl, uid());
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(toneWav(1.5))], { type: 'audio/wav' }), audioName);
    const res = await fetch(`${env.baseUrl}/api/teacher/files?page_size=10&page_number=0`, {
      method: 'POST',
      headers: { authorization: `Bearer ${setup.teacher.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
  });

  test('the teacher makes a variant from the ЕГЭ format and, in the same flow, an exam with one attempt and a window', async ({
    page,
  }) => {
    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    await page.getByRole('button', { name: 'Создать по образцу ФИПИ' }).click();
    const templates = page.getByRole('dialog', { name: 'Создать по образцу ФИПИ' });
    await templates.getByRole('radio', { name: EGE }).check();
    await templates.getByText('Максимум 20 баллов').first().waitFor();
    await templates.getByRole('textbox', { name: 'Название' }).fill(examName);
    const made = page.waitForResponse((r) =>
      /\/api\/teacher\/templates\/ege-english-oral\/variant$/.test(r.url()),
    );
    await templates.getByRole('button', { name: 'Создать', exact: true }).click();
    const created = (await (await made).json()) as { variantId: number; taskIds: number[] };
    variantId = created.variantId;
    taskIds = created.taskIds;
    expect(taskIds).toHaveLength(4);

    // The exam dialog follows, named and with the new variant chosen.
    const dialog = page.getByRole('dialog', { name: 'Новый экзамен' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Название экзамена' }).inputValue()).toBe(examName);
    await dialog.getByRole('spinbutton', { name: 'Попыток' }).fill('1');
    await dialog.getByLabel('Открывается').fill(localInput(Date.now() - 3600_000));
    await dialog.getByLabel('Закрывается').fill(localInput(Date.now() + 2 * 3600_000));
    await dialog.getByRole('button', { name: 'Далее' }).click();
    await dialog.getByRole('searchbox', { name: 'Поиск' }).fill(setup.student.username);
    await dialog.getByRole('checkbox', { name: new RegExp(setup.student.surname) }).check();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/teacher/exam') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
    const exam = (await (await saved).json()) as {
      id: number;
      attempts: number | null;
      opensAt: string | null;
      closesAt: string | null;
      variantsID: number[];
      studentsID: number[];
    };
    examId = exam.id;
    expect(exam.attempts).toBe(1);
    expect(exam.variantsID).toEqual([variantId]);
    expect(exam.studentsID).toEqual([setup.student.id]);
    expect(Date.parse(exam.closesAt ?? '') - Date.parse(exam.opensAt ?? '')).toBe(3 * 3600_000);
  });

  test("the teacher gives the interview's first question its audio in the task editor", async ({ page }) => {
    await page.goto('/teacher/tasks');
    await page.getByRole('searchbox', { name: 'Поиск' }).fill(INTERVIEW);
    await page.getByRole('link', { name: INTERVIEW }).first().click();
    await page.getByRole('button', { name: 'Редактировать' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Аудио вопроса 1').selectOption({ label: audioName });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await dialog.waitFor({ state: 'detached' });
    const task = await api<TaskRow>(setup.teacher.token, 'GET', `/api/teacher/task/${taskIds[2]}`);
    expect(task.questions).toHaveLength(5);
    expect(task.questions[0].fileId).not.toBeNull();
    expect(task.questions.slice(1).every((q) => q.fileId === null)).toBe(true);
    await shortenTimes(setup.teacher.token, taskIds);
  });

  test('the student sees the window and one attempt; the question plays, then the signal, then its own answer window', async ({
    page,
  }) => {
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await examPage(page, examId);
    await page.getByText('Осталось попыток: 1 из 1').waitFor();
    await page.getByText(/^Доступен с \d{4}\.\d\d\.\d\d \d\d:\d\d до \d{4}\.\d\d\.\d\d \d\d:\d\d$/).waitFor();
    await page.getByRole('link', { name: 'Пройти экзамен' }).click();
    await page.getByLabel(examName).check();
    await snapScreen(page, 'exam-start');
    await page.getByRole('button', { name: 'Начать экзамен' }).click();

    // Task 3, question 1: its audio is heard, the answer countdown waits for it.
    await page.getByRole('heading', { name: /^Задание №3 из 4/ }).waitFor({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'Вопрос 1 из 5' }).waitFor();
    await page.getByTestId('phase-listening').getByText('Звучит аудиозапись').waitFor();
    await snapScreen(page, 'exam-question-listening');
    await page.getByTestId('phase-speaking').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('heading', { name: 'Вопрос 1 из 5' }).count()).toBe(1);
    await page.getByText(/^До конца ответа 00:0\d$/).waitFor();
    await snapScreen(page, 'exam-question-speaking');
    // No way back, no pause: the next question follows on its own.
    await page.getByRole('heading', { name: 'Вопрос 2 из 5' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: /^Задание №4 из 4/ }).waitFor({ timeout: 60_000 });
    await expectToast(page, 'Экзамен завершен');
    await page.getByTestId('exam-end').waitFor();
    await snapScreen(page, 'exam-end');
  }, 180_000);

  test('the answer arrives with a start per question, and the review shows a marker for each', async ({
    page,
  }) => {
    const [row] = await waitForRecordings(env.baseUrl, { ...setup, examId }, 1);
    const detail = (await recordingDetail(env.baseUrl, { ...setup, examId }, row.id)) as unknown as {
      taskStarts: number[];
      questionStarts: number[][];
    };
    expect(detail.taskStarts).toHaveLength(4);
    expect(detail.questionStarts.map((q) => q.length)).toEqual([0, 4, 5, 0]);
    // Each question's answer window starts after the one before and its task's start.
    for (const [i, starts] of detail.questionStarts.entries()) {
      if (starts.length === 0) continue;
      expect(starts[0]).toBeCloseTo(detail.taskStarts[i], 1);
      for (let q = 1; q < starts.length; q += 1) expect(starts[q]).toBeGreaterThan(starts[q - 1] + 4);
    }

    await new LoginPage(page).loginAs(setup.teacher, /\/teacher\/exams$/);
    await page.goto(`/teacher/audios/${row.id}`);
    const marker = page.getByRole('button', { name: 'Задание 3, вопрос 4' });
    await marker.waitFor();
    await snapScreen(page, 'review-questions');
    for (const [task, count] of [
      [2, 4],
      [3, 5],
    ]) {
      for (let q = 1; q <= count; q += 1) {
        await page.getByRole('button', { name: `Задание ${task}, вопрос ${q}` }).waitFor();
      }
    }
    // The marker plays from its question's answer: the player's clock stands there (and runs on).
    await marker.click();
    const at = detail.questionStarts[2][3];
    const playerSeconds = async () => {
      const text = (await page.getByTestId('waveform-time').textContent()) ?? '';
      const [m, sec] = text.split('/')[0].trim().split(':').map(Number);
      return m * 60 + sec;
    };
    await expect.poll(playerSeconds).toBeGreaterThanOrEqual(Math.floor(at));
    expect(await playerSeconds()).toBeLessThan(at + 4);
  });

  test('with its one attempt used, the exam does not start again', async ({ page }) => {
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await examPage(page, examId);
    await page.getByText('Попытки закончились').first().waitFor();
    await page.goto(`/student/exams/${examId}/session`);
    expect(await page.getByRole('button', { name: 'Начать экзамен' }).isDisabled()).toBe(true);
  });
});
