import { describe, expect } from 'vitest';
import { logOut } from './pages/app-nav';
import { LoginPage } from './pages/login-page';
import { expectToast } from './pages/toasts';
import { bearerSubject } from './support/api';
import { deviceOutbox, deviceRecordings } from './support/device';
import { DESKTOP, setupE2e, uid } from './support/e2e';
import {
  examRecordings,
  openSessionAndStart,
  UPLOAD_PART_URL,
  waitForRecordings,
  waitForSpeaking,
} from './support/exam-runs';
import { setupReviewExam } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url, {
  // The page's own sender is under test, as one tab sees a logout and a login: the service
  // worker's Background Sync would send the same item beside it, and which of the two holds the
  // outbox lock when A logs out would decide what the test sees (the closed-app tests cover the
  // worker).
  device: { ...DESKTOP, serviceWorkers: 'block' },
});

/** Every request that carries a recording's bytes or describes one. */
const UPLOAD = /\/api\/student\/(uploads\/|exam\/complete)/;

describe('an upload belongs to one account', () => {
  test("A logs out and B logs in on the same browser mid-upload: A's recording is never B's, stays on the device and arrives as A's after A logs in again", async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), {
      preparationDuration: 1,
      duration: 2,
      classmates: 1,
    });
    const studentA = setup.student;
    const [studentB] = setup.classmates;
    const asB = { ...setup, student: studentB };

    // Whose session each upload request carried.
    const senders: Promise<string | null>[] = [];
    context.on('request', (request) => {
      if (UPLOAD.test(request.url())) senders.push(request.headerValue('authorization').then(bearerSubject));
    });
    // The parts wait until the test lets them go: the upload is under way, not finished.
    let letPartsGo = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      letPartsGo = resolve;
    });
    let partsHeld = 0;
    let partsSettled = 0;
    await context.route(UPLOAD_PART_URL, async (route) => {
      partsHeld += 1;
      await gate;
      // A request its page gave up meanwhile cannot be continued: that is fine.
      await route.continue().catch(() => undefined);
      partsSettled += 1;
    });

    // A finishes the exam online; its upload starts and its first part hangs.
    await openSessionAndStart(page, setup);
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    await expect.poll(() => partsHeld, { timeout: 20_000 }).toBeGreaterThan(0);

    // A logs out (the app warns that the answer is not sent yet) and B logs in, in the same tab.
    await logOut(page, { unsent: true });
    await new LoginPage(page).loginHere(studentB, /\/student\/exams$/);
    letPartsGo();
    await expect.poll(() => partsSettled).toBe(partsHeld);
    // Whatever the page was sending has ended (B has nothing of their own to send).
    await page.getByTestId('sync-idle').waitFor({ timeout: 30_000 });

    // B has no recording; A's stays on the device, still A's, still queued.
    expect(await examRecordings(env.baseUrl, asB)).toHaveLength(0);
    expect(await deviceRecordings(page)).toEqual([
      expect.objectContaining({ examId: setup.examId, ownerId: String(studentA.id), status: 'queued' }),
    ]);
    expect(await deviceOutbox(page)).toEqual([
      expect.objectContaining({ kind: 'recording', owner: String(studentA.id), blocked: false }),
    ]);

    // B leaves; A logs in again on this device: the answer goes up, as A's.
    await logOut(page);
    await new LoginPage(page).loginHere(studentA, /\/student\/exams$/);
    const rows = await waitForRecordings(env.baseUrl, setup, 1);
    expect(rows.map((r) => r.name)).toEqual([`${setup.examName} — ${studentA.surname} ${studentA.name}`]);
    await page.getByTestId('sync-idle').waitFor({ timeout: 30_000 });
    expect(await deviceRecordings(page)).toHaveLength(0);
    expect(await examRecordings(env.baseUrl, asB)).toHaveLength(0);
    // Not one request of the upload spoke for B.
    expect(new Set(await Promise.all(senders))).toEqual(new Set([String(studentA.id)]));
  });
});
