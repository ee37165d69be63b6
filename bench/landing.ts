/**
 * What a visitor's browser loads with the landing page until it is idle (issue 25.1: ≤ 150 KiB
 * of gzipped JavaScript in all), for a visitor who was never signed in, and for comparison what
 * a signed-in student's first open of the same page loads.
 *
 * Runs the real server on the current dist/ (tests/e2e/support/server.ts) and Debian's Chromium.
 * Counts the page's own script requests (not the service worker's precache) from the first
 * request until none was made for `QUIET_MS` and the browser reports an idle period; each file is
 * counted gzipped from dist/ (as `npm run check:bundle` counts).
 *
 *   npm run build && node --import tsx bench/landing.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { LoginPage } from '../tests/e2e/pages/login-page';
import { launchBrowser } from '../tests/e2e/support/browser';
import { DIST_DIR } from '../tests/e2e/support/paths';
import { setupReviewExam } from '../tests/e2e/support/review-fixtures';
import { startServer } from '../tests/e2e/support/server';
import { mark, table } from './lib/report';

const GOAL_KIB = 150;
/** No new request for this long, then an idle callback: the page has settled. */
const QUIET_MS = 3000;

const gzKib = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

interface Loaded {
  files: string[];
  kib: number;
}

/** Opens `url` and collects the scripts the page itself requested until it settled. */
async function scriptsUntilIdle(page: Page, url: string): Promise<Loaded> {
  const files = new Set<string>();
  let last = Date.now();
  page.on('request', (request) => {
    last = Date.now();
    const pathname = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) files.add(pathname);
  });
  await page.goto(url, { waitUntil: 'load' });
  while (Date.now() - last < QUIET_MS) await page.waitForTimeout(250);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  const list = [...files].filter((f) => fs.existsSync(path.join(DIST_DIR, f))).sort();
  return { files: list, kib: list.reduce((sum, f) => sum + gzKib(path.join(DIST_DIR, f)), 0) };
}

async function visit(browser: Browser, baseUrl: string, signIn?: { username: string; password: string }) {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'ru-RU' });
  const page = await context.newPage();
  if (signIn) {
    // Signed in on an earlier visit: the session survives into a fresh page load of '/'.
    await new LoginPage(page).loginAs(signIn, /\/student\/exams$/);
    const loaded = await scriptsUntilIdle(page, '/');
    await context.close();
    return loaded;
  }
  const loaded = await scriptsUntilIdle(page, '/');
  await context.close();
  return loaded;
}

const admin = { username: 'bench-admin', password: 'Bench-admin-pass-1' };
const server = await startServer(admin);
const browser = await launchBrowser();
try {
  const setup = await setupReviewExam(server.baseUrl, `${Date.now().toString(36)}`);
  const visitor = await visit(browser, server.baseUrl);
  const student = await visit(browser, server.baseUrl, setup.student);
  console.log('\nThe landing page until idle (gzipped JavaScript the page requested):\n');
  console.log(
    table(
      ['who', 'files', 'KiB', `goal ≤ ${GOAL_KIB}`],
      [
        [
          'visitor, never signed in',
          visitor.files.length,
          visitor.kib.toFixed(1),
          mark(visitor.kib <= GOAL_KIB),
        ],
        ['signed-in student (reference)', student.files.length, student.kib.toFixed(1), ''],
      ],
    ),
  );
  console.log('\nThe visitor loaded:');
  for (const f of visitor.files)
    console.log(`  ${gzKib(path.join(DIST_DIR, f)).toFixed(1).padStart(6)} KiB  ${f}`);
} finally {
  await browser.close();
  await server.stop();
}
