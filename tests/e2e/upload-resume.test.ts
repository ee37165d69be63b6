import crypto from 'node:crypto';
import { describe, expect } from 'vitest';
import { recordingOutboxKey } from '@/features/exam-session/api/complete-exam';
import { LOCAL_DB_NAME } from '@/lib/local-db';
import { DESKTOP, setupE2e, uid } from './support/e2e';
import { examRecordings, recordingDetail, UPLOAD_PART_URL, waitForRecordings } from './support/exam-runs';
import { recordWebm, setupReviewExam } from './support/review-fixtures';
import { LoginPage } from './pages/login-page';

const { test, env } = setupE2e(import.meta.url, {
  // The page's own sender is under test: the service worker's Background Sync would send the same
  // item with requests that page.route cannot cut (the closed-app tests cover the worker).
  device: { ...DESKTOP, serviceWorkers: 'block' },
});

describe('resumable recording upload', () => {
  test('a recording sent over a connection cut every few seconds arrives whole, resuming instead of restarting', async ({
    page,
    context,
  }) => {
    const setup = await setupReviewExam(env.baseUrl, uid(), { preparationDuration: 1, duration: 3 });
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    // A real WebM head, then noise: ~4 MB, as a long answer would travel. Its parts grow with
    // the link (the first of 256 KiB, then up to 1 MiB), and every third one is cut below: at
    // most three parts (one of them stored, its answer lost) get through in an attempt of at
    // most 2.25 MB, so it takes at least two cuts.
    const head = (await recordWebm(page, 1500)).bytes;
    const audio = Buffer.concat([head, crypto.randomBytes(4 * 1024 * 1024 - head.length - 1234)]);
    const clientId = crypto.randomUUID();

    const partsOk: string[] = [];
    let partsCut = 0;
    /** How many parts each complete said the recording is made of. */
    const completedParts: number[] = [];
    page.on('requestfinished', (r) => {
      if (r.method() === 'PUT' && UPLOAD_PART_URL.test(r.url())) partsOk.push(r.url());
      if (r.method() === 'POST' && r.url().endsWith(`/uploads/${clientId}/complete`)) {
        completedParts.push((r.postDataJSON() as { parts: number }).parts);
      }
    });
    page.on('requestfailed', (r) => {
      if (r.method() === 'PUT' && UPLOAD_PART_URL.test(r.url())) partsCut += 1;
    });
    // Every third part is lost: half of them after the server stored it, half before.
    let puts = 0;
    const storedButCut: string[] = [];
    await page.route(UPLOAD_PART_URL, async (route) => {
      puts += 1;
      if (puts % 3 !== 0) return route.continue();
      if (puts % 2 === 0) {
        // The server gets the part; its answer is lost on the way back.
        const answer = await route.fetch().catch(() => null);
        if (answer?.ok()) storedButCut.push(route.request().url());
      }
      return route.abort('connectionreset');
    });
    // And the whole network drops for a second every three seconds.
    let cutting = true;
    const flapping = (async () => {
      while (cutting) {
        await new Promise((r) => setTimeout(r, 3000));
        if (!cutting) break;
        await context.setOffline(true);
        await new Promise((r) => setTimeout(r, 1000));
        await context.setOffline(false);
      }
    })();

    // The finished recording as the exam leaves it on the device: its row, its chunks, its outbox item.
    await page.evaluate(
      async ({ dbName, outboxKey, clientId, examId, examName, variantId, ownerId, bytes, chunkBytes }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(dbName);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const all = Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0));
        const now = new Date().toISOString();
        const tx = db.transaction(['recordings', 'chunks', 'outbox'], 'readwrite');
        tx.objectStore('recordings').add({
          clientId,
          examId,
          examName,
          variantId,
          sessionId: null,
          mime: 'audio/webm;codecs=opus',
          createdAt: now,
          updatedAt: now,
          duration: 60,
          taskStarts: [0],
          status: 'queued',
          ownerId,
        });
        for (let seq = 0; seq * chunkBytes < all.length; seq++) {
          const blob = new Blob([all.slice(seq * chunkBytes, (seq + 1) * chunkBytes)]);
          tx.objectStore('chunks').add({ clientId, seq, blob, peaks: [0.5] });
        }
        tx.objectStore('outbox').add({
          key: outboxKey,
          kind: 'recording',
          payload: { clientId },
          label: examName,
          createdAt: now,
          attempts: 0,
          nextAttemptAt: 0,
          lastError: null,
          blocked: false,
          owner: ownerId,
        });
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      {
        dbName: LOCAL_DB_NAME,
        outboxKey: recordingOutboxKey(clientId),
        clientId,
        examId: setup.examId,
        examName: setup.examName,
        variantId: setup.variantId,
        ownerId: String(setup.student.id),
        bytes: audio.toString('base64'),
        chunkBytes: 100_000,
      },
    );
    // The app starts again and finds the item waiting.
    await page.reload();
    const [row] = await waitForRecordings(env.baseUrl, setup, 1, 120_000);
    cutting = false;
    await flapping;
    await context.setOffline(false);
    expect(row).toBeDefined();

    const detail = await recordingDetail(env.baseUrl, setup, row.id);
    const stored = Buffer.from(await (await fetch(new URL(detail.access, env.baseUrl))).arrayBuffer());
    expect(stored.length).toBe(audio.length);
    expect(stored.equals(audio)).toBe(true);
    expect(await examRecordings(env.baseUrl, setup)).toHaveLength(1);
    // The cuts happened, and each part went through once: nothing restarted from the beginning.
    expect(partsCut).toBeGreaterThanOrEqual(2);
    // Every part of the recording reached the server exactly once as far as the device knows
    // (a part is its number and offset), none twice: the first among them, at offset 0.
    const delivered = [...partsOk, ...storedButCut];
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(completedParts.length).toBeGreaterThanOrEqual(1);
    expect(delivered).toHaveLength(completedParts.at(-1)!);
    expect(delivered.filter((url) => url.endsWith('/parts/0?offset=0'))).toHaveLength(1);
    // Larger parts than the first went where the link carried them: fewer than 256 KiB ones.
    expect(completedParts.at(-1)!).toBeLessThan(audio.length / (256 * 1024));
    await page.getByTestId('sync-idle').waitFor({ timeout: 30_000 });
  }, 180_000);
});
