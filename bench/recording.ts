/**
 * Recordings in the browser: how many bytes a minute of the exam runner's recording takes, how
 * soon a recording made offline reaches the server after reconnection, and how soon the waveform
 * of a 60-minute recording shows with and without stored peaks (with the page's memory).
 *
 * Runs the real server (tests/e2e/support/server.ts: a child process on a free port of
 * 127.0.0.1, a temporary DATA_DIR, serving dist/) and Debian's Chromium with the fake microphone
 * (tests/e2e/support/browser.ts). Needs ffmpeg for the 60-minute file (apt-get install -y ffmpeg).
 *
 *   node --import tsx bench/recording.ts
 *   BENCH_TASK_SECONDS=15 BENCH_RECONNECT_RUNS=5 BENCH_LONG_MINUTES=30 node --import tsx bench/recording.ts
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LoginPage } from '../tests/e2e/pages/login-page';
import { expectToast } from '../tests/e2e/pages/toasts';
import { launchBrowser } from '../tests/e2e/support/browser';
import { CHROMIUM_PATH, DIST_DIR, ROOT } from '../tests/e2e/support/paths';
import { type ReviewSetup, setupReviewExam } from '../tests/e2e/support/review-fixtures';
import { type RunningServer, startServer } from '../tests/e2e/support/server';
import { median } from './lib/report';

/** Speaking time of each of the exam's two tasks (setupReviewExam makes two): 2 × 30 s = 1 min. */
const TASK_SECONDS = Number(process.env.BENCH_TASK_SECONDS ?? 30);
const RECONNECT_RUNS = Number(process.env.BENCH_RECONNECT_RUNS ?? 3);
const LONG_MINUTES = Number(process.env.BENCH_LONG_MINUTES ?? 60);
/** As the exam recorder measures them (PEAKS_PER_SECOND in exam-recorder.ts). */
const PEAKS_PER_SECOND = 10;
const PEAK_SAMPLE_RATE = 8000;
/** The whole run is cut off after this, whatever it is waiting for. */
const WATCHDOG_MS = 12 * 60_000;
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ms = (x: number) => `${Math.round(x)} ms`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

function log(message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Preconditions

function requireTools(): void {
  if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('ffmpeg is missing: apt-get install -y ffmpeg');
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  }
}

/** The app the server serves: built when dist/ is missing or predates the player's data-drawn. */
function ensureBuild(): void {
  const assets = path.join(DIST_DIR, 'assets');
  const built = fs.existsSync(path.join(DIST_DIR, 'index.html')) && fs.existsSync(assets);
  const current =
    built &&
    fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .some((f) => fs.readFileSync(path.join(assets, f), 'utf8').includes('data-drawn'));
  if (current) return;
  log(built ? 'dist/ predates the waveform player’s data-drawn: rebuilding' : 'dist/ is missing: building');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

// ---------------------------------------------------------------------------------------------
// API and browser helpers

async function studentGet<T>(server: RunningServer, setup: ReviewSetup, url: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${setup.student.token}` },
  });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return (await res.json()) as T;
}

const examRecordings = (server: RunningServer, setup: ReviewSetup) =>
  studentGet<{ audios: { id: number }[] }>(
    server,
    setup,
    `/api/student/exam/${setup.examId}/audios?page_size=20&page_number=0`,
  ).then((r) => r.audios);

interface RecordingDetail {
  duration: number;
  access: string;
  mime: string;
  peaks: number[] | null;
}

/** Polls the exam's recordings every `everyMs` until there is one; the time it was seen. */
async function waitForRecording(
  server: RunningServer,
  setup: ReviewSetup,
  everyMs: number,
  timeoutMs: number,
): Promise<{ id: number; at: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await examRecordings(server, setup);
    if (rows.length > 0) return { id: rows[0].id, at: Date.now() };
    if (Date.now() > deadline) throw new Error(`no recording on the server within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}

/** The stored size of a recording: Content-Length of its signed address (HEAD, else counted). */
async function storedSize(server: RunningServer, access: string): Promise<number> {
  const url = new URL(access, server.baseUrl);
  const head = await fetch(url, { method: 'HEAD' });
  const length = Number(head.headers.get('content-length'));
  if (head.ok && length > 0) return length;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url.pathname}: ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

async function newContext(browser: Browser, server: RunningServer): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'ru-RU',
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}

/** Logs the student in, opens the exam's session page, picks the variant and starts. */
async function startExam(page: Page, setup: ReviewSetup): Promise<void> {
  await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
  // Once the page after the login is idle: a navigation while it is busy can lose the tokens.
  await page.waitForLoadState('networkidle');
  await page.goto(`/student/exams/${setup.examId}/session`);
  await page.getByLabel(setup.variantName).check();
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  await page.getByTestId('phase-speaking').waitFor();
}

/**
 * Memory of the browser's renderer processes (descendants of this process whose command line has
 * --type=renderer): the sum of their proportional set sizes (shared pages split between the
 * processes sharing them), from /proc. Decoded audio lives there, outside the JS heap.
 */
function rendererPss(): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  let total = 0;
  const queue = [...(children.get(process.pid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    queue.push(...(children.get(pid) ?? []));
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const pss = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      if (pss) total += Number(pss[1]) * 1024;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// 1. Bytes per minute of a recording made through the exam runner

interface BytesResult {
  duration: number;
  size: number;
  mime: string;
  peaks: number;
}

async function measureBytesPerMinute(browser: Browser, server: RunningServer): Promise<BytesResult> {
  const setup = await setupReviewExam(server.baseUrl, suffix(), {
    duration: TASK_SECONDS,
    preparationDuration: 0,
  });
  const context = await newContext(browser, server);
  try {
    const page = await context.newPage();
    await startExam(page, setup);
    log(`recording: an exam of 2 × ${TASK_SECONDS} s through the runner`);
    await page
      .locator('#notistack-snackbar')
      .getByText('Экзамен завершен', { exact: true })
      .first()
      .waitFor({ timeout: (2 * TASK_SECONDS + 30) * 1000 });
    const { id } = await waitForRecording(server, setup, 200, 60_000);
    const detail = await studentGet<RecordingDetail>(server, setup, `/api/student/audios/${id}`);
    const size = await storedSize(server, detail.access);
    return { duration: detail.duration, size, mime: detail.mime, peaks: detail.peaks?.length ?? 0 };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Reconnection → upload confirmed

interface ReconnectResult {
  /** setOffline(false) → the server lists the recording (polled every 50 ms). */
  server: number;
  /** setOffline(false) → the sync indicator shows idle (seen in the page). */
  idle: number;
}

async function measureReconnect(browser: Browser, server: RunningServer): Promise<ReconnectResult> {
  const setup = await setupReviewExam(server.baseUrl, suffix(), { duration: 3, preparationDuration: 0 });
  const context = await newContext(browser, server);
  try {
    const page = await context.newPage();
    await startExam(page, setup);
    await page.getByRole('heading', { name: /^Задание №2 из 2/ }).waitFor();
    await page.getByTestId('phase-speaking').waitFor();
    await context.setOffline(true);
    await expectToast(page, 'Экзамен завершен');
    await page.getByTestId('sync-pending').waitFor();
    if ((await examRecordings(server, setup)).length > 0) throw new Error('uploaded while offline');

    // The moment the idle indicator appears, stamped in the page (same clock as Date.now here).
    // (No named functions inside: tsx would wrap them in a helper the page does not have.)
    await page.evaluate(() => {
      const w = window as Window & { benchIdleAt?: number };
      const observer = new MutationObserver(() => {
        if (w.benchIdleAt === undefined && document.querySelector('[data-testid="sync-idle"]')) {
          w.benchIdleAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });

    const t0 = Date.now();
    await context.setOffline(false);
    const [listed] = await Promise.all([
      waitForRecording(server, setup, 50, 30_000),
      page.getByTestId('sync-idle').waitFor({ timeout: 30_000 }),
    ]);
    const idleAt = await page.evaluate(() => (window as Window & { benchIdleAt?: number }).benchIdleAt);
    if (idleAt === undefined) throw new Error('the idle indicator was not seen by the observer');
    return { server: listed.at - t0, idle: idleAt - t0 };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. The waveform of a long recording, with and without stored peaks

interface LongFile {
  file: string;
  size: number;
  peaks: number[];
  encodeMs: number;
}

/**
 * A LONG_MINUTES sine tone as WebM/Opus at 32 kbit/s (constant bitrate: libopus's default VBR
 * spends ~54 kbit/s on a pure tone), and its peaks as the recorder stores them: the maximum
 * magnitude of every 1/10 s, measured on the audio decoded at 8000 Hz.
 */
async function makeLongFile(dir: string): Promise<LongFile> {
  const file = path.join(dir, 'long.webm');
  const seconds = LONG_MINUTES * 60;
  const started = Date.now();
  const encoder = ffmpeg([
    ...['-y', '-f', 'lavfi', '-i', `sine=frequency=300:duration=${seconds}`],
    ...['-ac', '1', '-c:a', 'libopus', '-b:a', '32k', '-vbr', 'off', file],
  ]);
  if ((await encoder.exit) !== 0) throw new Error('ffmpeg could not encode the long recording');
  const encodeMs = Date.now() - started;

  const perPeak = PEAK_SAMPLE_RATE / PEAKS_PER_SECOND;
  const peaks: number[] = [];
  let peak = 0;
  let inWindow = 0;
  let rest: Buffer = Buffer.alloc(0);
  const decoder = ffmpeg(['-i', file, '-ac', '1', '-ar', String(PEAK_SAMPLE_RATE), '-f', 'f32le', '-']);
  for await (const chunk of decoder.stdout) {
    const data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    const whole = data.length - (data.length % 4);
    for (let i = 0; i < whole; i += 4) {
      peak = Math.max(peak, Math.abs(data.readFloatLE(i)));
      inWindow += 1;
      if (inWindow === perPeak) {
        peaks.push(Math.round(Math.min(1, peak) * 1000) / 1000);
        peak = 0;
        inWindow = 0;
      }
    }
    rest = data.subarray(whole);
  }
  if ((await decoder.exit) !== 0) throw new Error('ffmpeg could not decode the long recording');
  if (inWindow > 0) peaks.push(Math.round(Math.min(1, peak) * 1000) / 1000);
  return { file, size: fs.statSync(file).size, peaks: peaks.slice(0, seconds * PEAKS_PER_SECOND), encodeMs };
}

/** ffmpeg processes still running: killed when the benchmark ends early. */
const ffmpegChildren = new Set<ChildProcess>();

/** ffmpeg in the background (killed after 3 min): its stdout and its exit code. */
function ffmpeg(args: string[]): { stdout: AsyncIterable<Buffer>; exit: Promise<number | null> } {
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  ffmpegChildren.add(child);
  const killer = setTimeout(() => child.kill('SIGKILL'), 180_000);
  const exit = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      ffmpegChildren.delete(child);
      clearTimeout(killer);
      resolve(code);
    });
  });
  return { stdout: child.stdout as AsyncIterable<Buffer>, exit };
}

/** POST /api/student/exam/complete as the exam runner sends it; peaks omitted when not given. */
async function uploadLong(
  server: RunningServer,
  setup: ReviewSetup,
  long: LongFile,
  peaks: number[] | undefined,
): Promise<number> {
  const form = new FormData();
  form.append('examID', String(setup.examId));
  form.append('variantID', String(setup.variantId));
  form.append('mime', 'audio/webm');
  form.append('clientId', randomUUID());
  form.append('duration', String(LONG_MINUTES * 60));
  form.append('taskStarts', '[0]');
  if (peaks) form.append('peaks', JSON.stringify(peaks));
  form.append('audio', new Blob([fs.readFileSync(long.file)], { type: 'audio/webm' }), 'long.webm');
  const res = await fetch(`${server.baseUrl}/api/student/exam/complete`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.student.token}` },
    body: form,
  });
  const body = (await res.json().catch(() => null)) as { id?: number } | null;
  if (!res.ok || !body?.id) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

interface WaveformResult {
  /** Navigation start → data-drawn="true" on the player, in the page's clock. */
  drawnMs: number;
  /** Navigation start → the click on 'Воспроизвести' (the path without peaks only). */
  clickMs?: number;
  heapUsed: number;
  heapTotal: number;
  /** Renderer processes' memory just before the navigation, and its peak until drawn. */
  rendererBefore: number;
  rendererPeak: number;
}

/** Stamps (performance.now(), from navigation start) the moment the player says it is drawn. */
function stampDrawn(): void {
  const w = window as Window & { benchDrawnAt?: number };
  const observer = new MutationObserver(() => {
    if (w.benchDrawnAt === undefined && document.querySelector('[data-drawn="true"]')) {
      w.benchDrawnAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-drawn'],
  });
}

async function measureWaveform(
  browser: Browser,
  server: RunningServer,
  setup: ReviewSetup,
  recordingId: number,
  play: boolean,
): Promise<WaveformResult> {
  const context = await newContext(browser, server);
  try {
    await context.addInitScript(stampDrawn);
    const page = await context.newPage();
    await new LoginPage(page).loginAs(setup.student, /\/student\/exams$/);
    await page.waitForLoadState('networkidle');

    const rendererBefore = rendererPss();
    let rendererPeak = rendererBefore;
    const sampler = setInterval(() => {
      rendererPeak = Math.max(rendererPeak, rendererPss());
    }, 100);
    try {
      await page.goto(`/student/audios/${recordingId}`);
      let clickMs: number | undefined;
      if (play) {
        await page.getByRole('button', { name: 'Воспроизвести' }).click();
        clickMs = await page.evaluate(() => performance.now());
      }
      await page.locator('[data-testid="waveform-player"][data-drawn="true"]').waitFor({ timeout: 180_000 });
      const drawnMs = await page.evaluate(() => (window as Window & { benchDrawnAt?: number }).benchDrawnAt);
      if (drawnMs === undefined) throw new Error('the drawn moment was not seen by the observer');
      // Let the frame after the draw go by, then read the heap.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const heap = await page.evaluate(() => {
        const memory = (
          performance as Performance & { memory?: { usedJSHeapSize: number; totalJSHeapSize: number } }
        ).memory;
        return { used: memory?.usedJSHeapSize ?? NaN, total: memory?.totalJSHeapSize ?? NaN };
      });
      rendererPeak = Math.max(rendererPeak, rendererPss());
      return { drawnMs, clickMs, heapUsed: heap.used, heapTotal: heap.total, rendererBefore, rendererPeak };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------

function table(rows: [string, string][]): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  const valueWidth = Math.max(...rows.map(([, v]) => v.length));
  console.log(`| ${'measurement'.padEnd(width)} | ${'value'.padEnd(valueWidth)} |`);
  console.log(`| ${'-'.repeat(width)} | ${'-'.repeat(valueWidth)} |`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v.padEnd(valueWidth)} |`);
}

async function main(): Promise<void> {
  requireTools();
  ensureBuild();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ustno-bench-recording-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const cleanup = async () => {
    ffmpegChildren.forEach((child) => child.kill('SIGKILL'));
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const watchdog = setTimeout(() => {
    console.error(`recording.ts: still running after ${WATCHDOG_MS / 60_000} min, giving up`);
    void cleanup().finally(() => process.exit(2));
  }, WATCHDOG_MS);
  watchdog.unref();

  try {
    // The long file is encoded meanwhile (ffmpeg takes a CPU): it is awaited before anything timed.
    log(`encoding a ${LONG_MINUTES}-minute WebM/Opus file with ffmpeg in the background`);
    const longFile = makeLongFile(workDir);
    longFile.catch(() => undefined);
    server = await startServer({ username: 'bench-admin', password: `bench-${randomUUID()}` });
    browser = await launchBrowser();
    log(`server on ${server.baseUrl}`);

    const bytes = await measureBytesPerMinute(browser, server);
    const perMinute = (bytes.size / bytes.duration) * 60;
    log(`recorded ${bytes.duration.toFixed(1)} s, ${bytes.size} bytes`);

    const long = await longFile;
    log(`long file: ${mb(long.size)} in ${(long.encodeMs / 1000).toFixed(1)} s, ${long.peaks.length} peaks`);

    const reconnects: ReconnectResult[] = [];
    for (let i = 0; i < RECONNECT_RUNS; i += 1) {
      const r = await measureReconnect(browser, server);
      log(`reconnection ${i + 1}/${RECONNECT_RUNS}: server ${ms(r.server)}, indicator idle ${ms(r.idle)}`);
      reconnects.push(r);
    }

    const setup = await setupReviewExam(server.baseUrl, suffix(), { duration: 3, preparationDuration: 0 });
    const withPeaksId = await uploadLong(server, setup, long, long.peaks);
    const withoutPeaksId = await uploadLong(server, setup, long, undefined);
    const withPeaks = await measureWaveform(browser, server, setup, withPeaksId, false);
    log(`with peaks: drawn at ${ms(withPeaks.drawnMs)}`);
    const withoutPeaks = await measureWaveform(browser, server, setup, withoutPeaksId, true);
    log(`without peaks: drawn at ${ms(withoutPeaks.drawnMs)}`);

    const stat = (pick: (r: ReconnectResult) => number) => {
      const xs = reconnects.map(pick);
      return `min ${ms(Math.min(...xs))}, median ${ms(median(xs))}, max ${ms(Math.max(...xs))}`;
    };
    const waveform = (r: WaveformResult) =>
      `${ms(r.drawnMs)}${r.clickMs !== undefined ? ` (play clicked at ${ms(r.clickMs)})` : ''}`;
    const renderer = (r: WaveformResult) =>
      `${mb(r.rendererBefore)} → ${mb(r.rendererPeak)} (+${mb(r.rendererPeak - r.rendererBefore)})`;
    console.log('');
    table([
      [
        `recording through the exam runner (2 tasks × ${TASK_SECONDS} s, ${bytes.mime})`,
        `${bytes.size} bytes in ${bytes.duration.toFixed(1)} s, ${bytes.peaks} peaks`,
      ],
      [
        'bytes per minute of recording',
        `${Math.round(perMinute)} B/min (${((perMinute * 8) / 60 / 1000).toFixed(1)} kbit/s)`,
      ],
      [`reconnection → server lists the recording (${RECONNECT_RUNS} runs)`, stat((r) => r.server)],
      [`reconnection → sync indicator idle (${RECONNECT_RUNS} runs)`, stat((r) => r.idle)],
      [`${LONG_MINUTES}-min file (Opus 32 kbit/s CBR)`, `${mb(long.size)}, ${long.peaks.length} peaks`],
      ['waveform drawn, with peaks (from navigation start)', waveform(withPeaks)],
      ['waveform drawn, without peaks (from navigation start)', waveform(withoutPeaks)],
      [
        'JS heap after drawing, with peaks (used / total)',
        `${mb(withPeaks.heapUsed)} / ${mb(withPeaks.heapTotal)}`,
      ],
      [
        'JS heap after drawing, without peaks (used / total)',
        `${mb(withoutPeaks.heapUsed)} / ${mb(withoutPeaks.heapTotal)}`,
      ],
      ['renderer processes’ PSS, with peaks (before → peak)', renderer(withPeaks)],
      ['renderer processes’ PSS, without peaks (before → peak)', renderer(withoutPeaks)],
    ]);
  } finally {
    clearTimeout(watchdog);
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
