import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { StudentAudioPage } from './pages/recording-pages';
import { expectToast } from './pages/toasts';
import { setupE2e, uid } from './support/e2e';
import { openSessionAndStart, waitForRecordings, waitForSpeaking } from './support/exam-runs';
import { setupReviewExam } from './support/review-fixtures';

const { test, env } = setupE2e(import.meta.url);

type CspWindow = Window & { __cspViolations?: string[] };

/**
 * Every CSP violation the pages of the context report: the securitypolicyviolation events (set up
 * before any script of the page runs) and Chromium's console lines about refused content.
 */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    const w = window as CspWindow;
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspViolations?.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleLines.push(m.text());
  });
  return async () => [
    ...consoleLines,
    ...(await page.evaluate(() => (window as CspWindow).__cspViolations ?? [])),
  ];
}

describe('the app under its Content-Security-Policy', () => {
  test('ASVS 3.4.3: the service worker registers and an exam is recorded and played back with no CSP violation', async ({
    page,
    context,
  }) => {
    const violations = await watchViolations(context, page);
    const shell = await page.goto('/login');
    const csp = shell?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(registered).toBe(`${env.baseUrl}/sw.js`);

    const setup = await setupReviewExam(env.baseUrl, uid(), {
      audioTask: true,
      preparationDuration: 1,
      duration: 2,
    });
    await openSessionAndStart(page, setup);
    // The task shows its image (img-src) and plays its audio (media-src) after the start sound.
    await expect
      .poll(() =>
        page
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await waitForSpeaking(page, 1);
    await waitForSpeaking(page, 2);
    await expectToast(page, 'Экзамен завершен');
    const [row] = await waitForRecordings(env.baseUrl, setup, 1);
    expect(row).toBeDefined();

    // The recording's page loads the audio from its signed address into the player.
    await new StudentAudioPage(page).goto(row.id);
    await page.getByRole('button', { name: 'Воспроизвести' }).click();
    await page.getByRole('button', { name: 'Пауза' }).waitFor({ timeout: 15_000 });

    expect(await violations()).toEqual([]);
  });
});
