/**
 * The exam on a cheap phone (issue 25.1): how long a student waits from opening
 * `/student/exams/{id}/session` until the variant choice responds, under Chromium's emulation of
 * a low-end phone (CPU slowed 4×, 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip). Goals: the
 * first open, nothing cached, ≤ 5 s; with the app precached by its service worker ≤ 1.5 s.
 *
 * Runs the real server on the current dist/ (tests/e2e/support/server.ts) and Debian's Chromium,
 * and prints how fast that Chromium is (Lighthouse's BenchmarkIndex, unthrottled and slowed).
 * The student signs in unthrottled first (a session from an earlier day); then:
 * - first open: no service worker, the browser's cache emptied and disabled, so every file of
 *   the route comes over the slow link;
 * - precached: the service worker installed and controlling (the app opened once before), then
 *   the same open, twice: from another page of the app with the worker still running (the app
 *   opened again at once), and from a blank page with the worker stopped (the browser stops an
 *   idle worker within a minute: the installed app opened again later, a student's exam day).
 * "Shown": the variant's choice is on screen with 'Начать экзамен' enabled; "responds": a click
 * on the variant was handled and a frame drawn after it. Also counted: the scripts the first open
 * requested, gzipped from dist/ (as `npm run check:bundle` counts).
 *
 * Both times are taken twice. By the driver (Playwright): from before the navigation's command
 * until its polls see the choice, then through its click (which checks the element is visible,
 * stable over two frames and hit, each a round trip to the throttled page). And by the page
 * itself: a script injected before the app looks for the choice at every frame, taps it the frame
 * it is shown, and notes both moments on the document's clock (from the navigation's start), so
 * no round trip of the driver is counted: what a student's tap meets.
 *
 *   npm run build && npm run bench -- exam-open        (BENCH_EXAM_OPEN_RUNS, default 3)
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { LoginPage } from '../tests/e2e/pages/login-page';
import { launchBrowser } from '../tests/e2e/support/browser';
import { waitForServiceWorker, watchResponseSources } from '../tests/e2e/support/device';
import { DIST_DIR } from '../tests/e2e/support/paths';
import { setupReviewExam, type ReviewSetup } from '../tests/e2e/support/review-fixtures';
import { startServer } from '../tests/e2e/support/server';
import { mark, median, table } from './lib/report';

const RUNS = Number(process.env.BENCH_EXAM_OPEN_RUNS ?? 3);
const TRACE = process.env.BENCH_EXAM_OPEN_TRACE === '1';
const PROFILE_DIR = process.env.BENCH_EXAM_OPEN_PROFILE;
const GOAL_FIRST_MS = 5000;
const GOAL_PRECACHED_MS = 1500;
/** Chromium's "low-end mobile" preset, as the issue names it. */
const PHONE = { cpuSlowdown: 4, downKbps: 1600, upKbps: 750, rttMs: 150 };

const gzKib = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;

interface Open {
  shownMs: number;
  respondsMs: number;
  /** The same two moments as the page itself noted them (see above). */
  page: { shownMs: number; respondsMs: number };
  scripts: string[];
  /** How many of those scripts came from where (see `watchResponseSources`). */
  sources: Map<string, number>;
}

/** Where a script came from, in words (see `watchResponseSources`). */
const SOURCE_NAMES: Record<string, string> = {
  cache: "the worker's cache, read by the browser (a static route)",
  'fetch-event': "the worker's fetch event",
  network: 'the network',
};

/**
 * The page's own measure, as a script run before the app's: at every frame it looks for the
 * variant's radio (by its label) and an enabled 'Начать экзамен'; the frame both are there it
 * taps the radio and notes when a frame was drawn after the tap's handlers. Plain source text:
 * a function would be rewritten by tsx with helpers the page does not have.
 */
const pageMeasure = (variantName: string) => `(() => {
  if (!location.pathname.endsWith('/session')) return;
  const name = ${JSON.stringify(variantName)};
  const noted = (window.__examOpen = { shownMs: null, respondsMs: null });
  const look = () => {
    const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent.trim() === name);
    const radio = label ? label.querySelector('input') : null;
    const start = Array.from(document.querySelectorAll('button')).find(
      (b) => b.textContent.trim() === 'Начать экзамен',
    );
    if (!radio || !start || start.disabled || radio.getClientRects().length === 0) {
      requestAnimationFrame(look);
      return;
    }
    noted.shownMs = performance.now();
    radio.click();
    requestAnimationFrame(() => setTimeout(() => { noted.respondsMs = performance.now(); }, 0));
  };
  requestAnimationFrame(look);
})();`;

async function emulatePhone(context: BrowserContext, page: Page, noCache: boolean): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (noCache) {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.rttMs,
    downloadThroughput: (PHONE.downKbps * 1000) / 8,
    uploadThroughput: (PHONE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return cdp;
}

/** Opens the session page and times it until the variant choice is shown, then until it responds. */
async function openSession(page: Page, setup: ReviewSetup, cdp: CDPSession, name: string): Promise<Open> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || pathname.endsWith('.js')) scripts.add(pathname);
  });
  const received = watchResponseSources(cdp);
  const variant = page.getByLabel(setup.variantName);
  const start = page.getByRole('button', { name: 'Начать экзамен' });
  // BENCH_EXAM_OPEN_PROFILE=dir: the page's CPU profile from the navigation until shown.
  if (PROFILE_DIR) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.addInitScript({ content: pageMeasure(setup.variantName) });
  const began = performance.now();
  const beganAt = Date.now();
  // BENCH_EXAM_OPEN_TRACE=1: each request's end, from the navigation (where the time goes).
  if (TRACE) {
    page.on('requestfinished', (request) => {
      const at = Math.round(performance.now() - began);
      const from = request.serviceWorker() ? 'worker' : 'page';
      const timing = request.timing();
      const sent = Math.round(timing.startTime - beganAt);
      // -1 where the browser did not time it.
      const answer =
        timing.responseStart >= 0 ? `, answer began ${Math.round(timing.responseStart)} ms after` : '';
      console.log(
        `  ${String(at).padStart(6)} ms ${from} ${new URL(request.url()).pathname} (sent at ${sent} ms${answer})`,
      );
    });
  }
  await page.goto(`/student/exams/${setup.examId}/session`, { waitUntil: 'commit', timeout: 120_000 });
  await variant.waitFor({ state: 'visible', timeout: 120_000 });
  const deadline = began + 120_000;
  while (!(await start.isEnabled())) {
    if (performance.now() > deadline) throw new Error("'Начать экзамен' was not enabled within 120 s");
    await page.waitForTimeout(20);
  }
  const shownMs = performance.now() - began;
  if (PROFILE_DIR) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    const file = path.join(PROFILE_DIR, `exam-open-${name}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.log(`  profile until shown: ${file}`);
  }
  await variant.click();
  // Handled once a frame was drawn after the click's handlers ran.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const respondsMs = performance.now() - began;
  const noted = page.waitForFunction(
    () => {
      const m = (window as unknown as { __examOpen?: { shownMs: number | null; respondsMs: number | null } })
        .__examOpen;
      return m && m.shownMs !== null && m.respondsMs !== null
        ? { shownMs: m.shownMs, respondsMs: m.respondsMs }
        : null;
    },
    undefined,
    { timeout: 30_000 },
  );
  const pageNoted = (await (await noted).jsonValue()) as Open['page'];
  const list = [...scripts].filter((f) => fs.existsSync(path.join(DIST_DIR, f))).sort();
  const sourceOf = new Map(received.map((r) => [r.pathname, r.source]));
  const sources = new Map<string, number>();
  for (const file of list) {
    const found = sourceOf.get(file);
    const source = found === undefined ? 'unknown' : (SOURCE_NAMES[found] ?? found);
    sources.set(source, (sources.get(source) ?? 0) + 1);
  }
  return { shownMs, respondsMs, page: pageNoted, scripts: list, sources };
}

async function signedInContext(browser: Browser, baseUrl: string, setup: ReviewSetup, withWorker: boolean) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'ru-RU',
    serviceWorkers: withWorker ? 'allow' : 'block',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
  return { context, page };
}

async function firstOpen(browser: Browser, baseUrl: string, setup: ReviewSetup): Promise<Open> {
  const { context, page } = await signedInContext(browser, baseUrl, setup, false);
  try {
    const cdp = await emulatePhone(context, page, true);
    return await openSession(page, setup, cdp, 'first');
  } finally {
    await context.close();
  }
}

/** Stops the browser's service workers and waits until the protocol reports all of them stopped. */
async function stopWorkers(cdp: CDPSession, timeoutMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const stopped = new Promise<void>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the service worker did not stop within ${timeoutMs} ms`)),
      timeoutMs,
    );
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.every((version) => version.runningStatus === 'stopped')) resolve();
    });
  });
  try {
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await stopped;
  } finally {
    clearTimeout(timer);
  }
}

async function precachedOpen(
  browser: Browser,
  baseUrl: string,
  setup: ReviewSetup,
  workerStopped: boolean,
): Promise<Open> {
  const { context, page } = await signedInContext(browser, baseUrl, setup, true);
  try {
    // The app opened once before: the worker installed (its precache holds every file) and controls.
    await page.goto(`/student/exams/${setup.examId}/session`);
    await page.getByLabel(setup.variantName).waitFor();
    await waitForServiceWorker(page);
    if (workerStopped) {
      // No page of the app open, and its worker stopped: the app opened again a while later.
      await page.goto('about:blank');
    } else {
      await page.goto('/student/exams');
      await page.getByRole('heading').first().waitFor();
    }
    const cdp = await emulatePhone(context, page, false);
    if (workerStopped) await stopWorkers(cdp);
    return await openSession(page, setup, cdp, workerStopped ? 'precached-stopped' : 'precached');
  } finally {
    await context.close();
  }
}

const spread = (values: number[]) =>
  `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

/** How many of an open's scripts came from where. */
const sourcesOf = (open: Open) =>
  `${open.scripts.length}: ${[...open.sources].map(([from, n]) => `${n} from ${from}`).join(', ')}`;

/** One line for each measure of an open: the driver's, then the page's own. */
const rows = (open: string, opens: Open[], goal: number, scripts: string) =>
  (
    [
      ['the driver', opens.map((o) => o.shownMs), opens.map((o) => o.respondsMs)],
      ['the page', opens.map((o) => o.page.shownMs), opens.map((o) => o.page.respondsMs)],
    ] as const
  ).map(([by, shown, responds]) => [
    open,
    by,
    spread(shown),
    spread(responds),
    `≤ ${goal} ms ${mark(median(responds) <= goal)}`,
    scripts,
  ]);

/**
 * How fast this machine's Chromium is, by Lighthouse's BenchmarkIndex (the workload DevTools
 * calibrates its CPU presets with: strings built for half the time, arrays copied for the other
 * half, each counted per second and divided by ten). Plain source text, as `pageMeasure`.
 */
const BENCHMARK_INDEX = `(() => {
  const half = 500;
  let start = Date.now();
  let built = 0;
  while (Date.now() - start < half) {
    let text = '';
    for (let i = 0; i < 10000; i++) text += 'a';
    if (text.length === 1) throw new Error('never');
    built++;
  }
  const strings = built / 10 / ((Date.now() - start) / 1000);
  const a = [];
  const b = [];
  for (let i = 0; i < 100000; i++) a[i] = b[i] = i;
  start = Date.now();
  let copied = 0;
  while (copied % 10 !== 0 || Date.now() - start < half) {
    const from = copied % 2 === 0 ? a : b;
    const to = copied % 2 === 0 ? b : a;
    for (let i = 0; i < from.length; i++) to[i] = from[i];
    copied++;
  }
  const copies = copied / 10 / ((Date.now() - start) / 1000);
  return Math.round((strings + copies) / 2);
})()`;

/** DevTools' calibrated "low-tier mobile" preset aims at this BenchmarkIndex (a Moto G Power). */
const LOW_TIER_INDEX = 264;

/** The median BenchmarkIndex of three runs in a blank page at each CPU rate (the first run warms up). */
async function benchmarkIndex(browser: Browser, rates: number[]): Promise<number[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.evaluate(BENCHMARK_INDEX);
    const indexes: number[] = [];
    for (const rate of rates) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) runs.push((await page.evaluate(BENCHMARK_INDEX)) as number);
      indexes.push(median(runs));
    }
    return indexes;
  } finally {
    await context.close();
  }
}

const admin = { username: 'bench-admin', password: 'Bench-admin-pass-1' };
const server = await startServer(admin);
const browser = await launchBrowser();
try {
  const setup = await setupReviewExam(server.baseUrl, `${Date.now().toString(36)}`);
  const [hostIndex, phoneIndex] = await benchmarkIndex(browser, [1, PHONE.cpuSlowdown]);
  const first: Open[] = [];
  const precached: Open[] = [];
  const stopped: Open[] = [];
  for (let run = 0; run < RUNS; run++) {
    first.push(await firstOpen(browser, server.baseUrl, setup));
    precached.push(await precachedOpen(browser, server.baseUrl, setup, false));
    stopped.push(await precachedOpen(browser, server.baseUrl, setup, true));
  }
  const kib = first[0].scripts.reduce((sum, f) => sum + gzKib(path.join(DIST_DIR, f)), 0);
  console.log(
    `\nThe exam's session page on an emulated low-end phone (CPU ${PHONE.cpuSlowdown}× slower, ` +
      `${PHONE.downKbps} kbit/s down, ${PHONE.rttMs} ms round trip), ${RUNS} runs, median (min–max):\n`,
  );
  console.log(
    table(
      ['open', 'measured by', 'variant choice shown, ms', 'responds, ms', 'goal', 'scripts (gzipped)'],
      [
        ...rows(
          'first, nothing cached',
          first,
          GOAL_FIRST_MS,
          `${first[0].scripts.length} files, ${kib.toFixed(1)} KiB`,
        ),
        ...rows('app precached, its worker running', precached, GOAL_PRECACHED_MS, sourcesOf(precached[0])),
        ...rows(
          'app precached, worker stopped, no app page open',
          stopped,
          GOAL_PRECACHED_MS,
          sourcesOf(stopped[0]),
        ),
      ],
    ),
  );
  console.log(
    `\nThis machine's Chromium: BenchmarkIndex ${hostIndex}, ${phoneIndex} at ${PHONE.cpuSlowdown}× slower ` +
      `(DevTools' calibrated low-tier phone: ${LOW_TIER_INDEX}; higher is faster).`,
  );
} finally {
  await browser.close();
  await server.stop();
}
