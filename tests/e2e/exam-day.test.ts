import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';
import { DESKTOP, setupE2e, uid } from './support/e2e';
import { startExamFromItsPage, waitForSpeaking } from './support/exam-runs';
import { recordWebm, type ReviewSetup, setupReviewExam } from './support/review-fixtures';

const { scenario, env } = setupE2e(import.meta.url);

/** The recording's parts: while they cannot pass, the answer stays on the device. */
const UPLOADS = '**/api/student/uploads/**';

/**
 * A `.ustno` file as the format says (a stored zip of answer.webm and answer.json), built here
 * from a real recording for a student whose device never sent it; the app's own writer is
 * unit-tested against the same format.
 */
function ustnoFile(dir: string, answer: Buffer, json: Record<string, unknown>): string {
  const file = path.join(dir, `ответ-${json.studentId as number}.ustno`);
  const zip = zipSync(
    { 'answer.webm': new Uint8Array(answer), 'answer.json': new TextEncoder().encode(JSON.stringify(json)) },
    { level: 0 },
  );
  fs.writeFileSync(file, zip);
  return file;
}

scenario(
  'the exam day: the teacher sees where each answer is, and brings in one from a file',
  ({ before, test }) => {
    let setup: ReviewSetup;
    let teacherContext: BrowserContext;
    let teacher: Page;
    let dir: string;
    const row = (surname: string) => teacher.getByTestId('progress-row').filter({ hasText: surname });

    before(async ({ context }) => {
      setup = await setupReviewExam(env.baseUrl, uid(), {
        preparationDuration: 1,
        duration: 2,
        classmates: 1,
      });
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ustno-import-'));
      teacherContext = await context
        .browser()!
        .newContext({ baseURL: env.baseUrl, locale: 'ru-RU', ...DESKTOP });
      teacher = await teacherContext.newPage();
      await new LoginPage(teacher).loginAs(setup.teacher, /\/teacher\/exams$/);
      await teacher.goto(`/teacher/exams/${setup.examId}`);
      await teacher.getByTestId('exam-progress').waitFor();
      await row(setup.student.surname).getByText('Не начинал').waitFor();
    });

    test('the student finishes while the network cannot carry the answer: the teacher sees it waiting on the device, with its size', async ({
      page,
      context,
    }) => {
      await context.route(UPLOADS, (route) => route.abort('internetdisconnected'));
      await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
      await page.goto(`/student/exams/${setup.examId}`);
      await startExamFromItsPage(page, setup);
      await waitForSpeaking(page, 1);
      // The teacher's row follows the student without a reload.
      await row(setup.student.surname)
        .getByText(/^Отвечает: задание [12] из 2/)
        .waitFor({ timeout: 10_000 });
      await waitForSpeaking(page, 2);
      await expectToast(page, 'Экзамен завершен');
      await row(setup.student.surname)
        .getByText(/^Закончил, ответ на устройстве \(\d+(,\d+)? [КМ]Б\)/)
        .waitFor({ timeout: 15_000 });
    });

    test('the network returns: the row turns to the answer received, without a reload', async ({
      context,
    }) => {
      await context.unroute(UPLOADS);
      // The browser says the network is back, as it would.
      await context.setOffline(true);
      await context.setOffline(false);
      await row(setup.student.surname)
        .getByText(/^Ответ получен \d\d:\d\d/)
        .waitFor({ timeout: 30_000 });
    });

    test("a classmate's answer saved as a file is brought in by the teacher once; the second time it is a duplicate", async ({
      page,
    }) => {
      const classmate = setup.classmates[0];
      const audio = await recordWebm(page, 3000);
      const file = ustnoFile(dir, audio.bytes, {
        version: 1,
        examID: setup.examId,
        variantID: setup.variantId,
        studentId: classmate.id,
        clientId: randomUUID(),
        mime: audio.mime,
        duration: audio.duration,
        taskStarts: [0, 1.5],
        recordedAt: new Date().toISOString(),
        interrupted: false,
      });
      const importOnce = async () => {
        await teacher.getByRole('button', { name: 'Загрузить ответы из файлов' }).click();
        const dialog = teacher.getByRole('dialog', { name: 'Загрузить ответы из файлов' });
        await dialog.locator('input[type="file"]').setInputFiles(file);
        return dialog;
      };
      let dialog = await importOnce();
      await dialog
        .getByText(`Прикреплен: ${classmate.surname} ${classmate.name}`)
        .waitFor({ timeout: 15_000 });
      await teacher.keyboard.press('Escape');
      await row(classmate.surname)
        .getByText(/^Ответ получен \d\d:\d\d/)
        .waitFor({ timeout: 15_000 });

      dialog = await importOnce();
      await dialog.getByText('Уже был получен').waitFor({ timeout: 15_000 });
      const res = await fetch(`${env.baseUrl}/api/teacher/exam/${setup.examId}`, {
        headers: { authorization: `Bearer ${setup.teacher.token}` },
      });
      const exam = (await res.json()) as { audios: unknown[] };
      expect(exam.audios).toHaveLength(2);
      await teacherContext.close();
    });
  },
);
