import fs from 'node:fs';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { TeacherExamPage } from './pages/teacher-exam-page';
import { expectAccessible } from './support/axe';
import { savedOnDevice, waitForServiceWorker } from './support/device';
import { setupE2e, uid } from './support/e2e';
import { type ReviewSetup, setupGradedRecording } from './support/review-fixtures';

const { scenario, env } = setupE2e(import.meta.url);

/** The grade the server holds now, through the API. */
async function serverTotal(audioId: number, token: string) {
  const res = await fetch(`${env.baseUrl}/api/teacher/audios/${audioId}/scores`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET scores: ${res.status}`);
  const body = (await res.json()) as { total: number; maxTotal: number; gradedAt: string | null };
  return body.gradedAt === null ? null : `${body.total} из ${body.maxTotal}`;
}

scenario('a grade given offline, on its way to the student and the gradebook', ({ before, test }) => {
  let setup: ReviewSetup;
  let recording: { id: number; name: string };
  let login: LoginPage;
  let panel: Locator;

  before(async ({ page }) => {
    ({ setup, recording } = await setupGradedRecording(env.baseUrl, page, uid(), 3000, [0, 1.5]));
    login = new LoginPage(page);
    await login.loginAs(setup.teacher, /\/teacher\/exams$/);
    panel = page.getByTestId('grade-panel');
  });

  test('offline, each change of the grade shows at once and waits in the outbox', async ({
    page,
    context,
  }) => {
    await page.goto(`/teacher/audios/${recording.id}`);
    await panel.getByRole('region', { name: `Задание 1. ${setup.taskNames[0]}` }).waitFor();
    await panel.getByText('Не оценено', { exact: true }).waitFor();
    await waitForServiceWorker(page);
    await expectAccessible(page, 'the review page with its grade panel');

    await context.setOffline(true);
    await panel.getByRole('combobox', { name: 'Решение задачи (0–3)' }).selectOption('3');
    await panel.getByRole('combobox', { name: 'Произношение (0–2)' }).selectOption('1');
    await panel.getByText('Ждет отправки', { exact: true }).waitFor();
    await expect.poll(() => panel.getByTestId('grade-total').textContent()).toBe('Итого: 4 из 5');
    expect(await serverTotal(recording.id, setup.teacher.token)).toBeNull();
  });

  test('a reload while offline opens the page from the device, the grade still waiting in the outbox', async ({
    page,
  }) => {
    // The page was opened seconds ago: wait until its recording is saved on the device, as it is
    // within a second of loading, however slow the machine running the test.
    await expect
      .poll(() => savedOnDevice(page, ['teacher', 'audio', recording.id]), { timeout: 15_000 })
      .toBe(true);
    await page.reload();
    await panel.getByText('Ждет отправки', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await panel.getByRole('combobox', { name: 'Решение задачи (0–3)' }).inputValue()).toBe('3');
    expect(await panel.getByRole('combobox', { name: 'Произношение (0–2)' }).inputValue()).toBe('1');
  });

  test('back online, the grade reaches the server and the panel says so', async ({ context }) => {
    await context.setOffline(false);
    await panel.getByText('Сохранено', { exact: true }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => serverTotal(recording.id, setup.teacher.token), { timeout: 15_000 })
      .toBe('4 из 5');
  });

  test('the student sees the total on the recording and in the list', async ({ page }) => {
    await login.loginAs(setup.student, /\/student\/exams$/);
    await page.goto(`/student/audios/${recording.id}`);
    await page.getByRole('heading', { level: 2, name: 'Оценка: 4 из 5' }).waitFor();
    await expect.poll(() => page.getByTestId('audio-grade-task').first().textContent()).toContain('3 из 3');
    await page.goto('/student/audios');
    await page.getByText('Баллы: 4 из 5', { exact: true }).waitFor();
  });

  test('the teacher downloads the gradebook in one click, a CSV that opens as a spreadsheet', async ({
    page,
  }) => {
    await login.loginAs(setup.teacher, /\/teacher\/exams$/);
    const exam = new TeacherExamPage(page);
    await exam.goto(setup.examId);
    const download = await exam.downloadScores();
    expect(download.suggestedFilename()).toBe('scores.csv');
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text
      .slice(1)
      .split('\r\n')
      .filter((line) => line !== '')
      .map((line) => line.split(';'));
    expect(rows[0]).toEqual([
      'Фамилия',
      'Имя',
      'Отчество',
      'Логин',
      'Завершен',
      'Загружено',
      'Задание 1',
      'Задание 2',
      'Итого',
      'Максимум',
      'Попыток',
      'После закрытия',
      'Сверх попыток',
      'Состояние',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 5)).toEqual([
      setup.student.surname,
      setup.student.name,
      setup.student.patronymic,
      setup.student.username,
      'да',
    ]);
    expect(rows[1].slice(6)).toEqual(['3', '1', '4', '5', '1', 'нет', 'нет', 'Ответ получен']);
  });
});
