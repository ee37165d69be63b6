/**
 * An hour-long answer (15 MB) over a link that drops every 30 s: how long until it arrives, and
 * how many bytes went up the link for it, sent in resumable parts (the app's way) beside one
 * multipart POST (the plain form's way, restarted after each drop).
 *
 * The device side is the app's own `sendInParts` (src/lib/upload.ts) over Node's fetch, retried
 * after each failure like the outbox does. Between it and the server sits a TCP proxy that
 * carries at most BENCH_LINK_KBPS upstream, cuts every connection every BENCH_DROP_SECONDS and
 * refuses new ones for BENCH_DOWN_SECONDS, counting the bytes that went up.
 *
 *   npm run build && node --import tsx bench/upload-resume.ts
 *   BENCH_MB=15 BENCH_LINK_KBPS=1000 BENCH_DROP_SECONDS=30 BENCH_DOWN_SECONDS=3 node --import tsx bench/upload-resume.ts
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { uploadStatusSchema } from '../src/shared/contract/student';
import { ApiError } from '../src/lib/api-status';
import { type PartsTransport, sendInParts, serverSlotWaitMs } from '../src/lib/upload';
import { type ReviewSetup, setupReviewExam } from '../tests/e2e/support/review-fixtures';
import { startServer } from '../tests/e2e/support/server';

const MB = Number(process.env.BENCH_MB ?? 15);
const LINK_KBPS = Number(process.env.BENCH_LINK_KBPS ?? 1000);
const DROP_SECONDS = Number(process.env.BENCH_DROP_SECONDS ?? 30);
const DOWN_SECONDS = Number(process.env.BENCH_DOWN_SECONDS ?? 3);
/** The restarting upload is given up after this long (it cannot finish within one window). */
const GIVE_UP_SECONDS = Number(process.env.BENCH_GIVE_UP_SECONDS ?? 150);
/** Retry pause after a failure: the link is back quickly, the app retries on `online`. */
const RETRY_MS = 1000;
const PART_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A TCP proxy that throttles upstream bytes and cuts all connections on a timer. */
function flakyLink(target: number) {
  const sockets = new Set<net.Socket>();
  let up = true;
  let bytesUp = 0;
  const bytesPerTick = (LINK_KBPS * 1000) / 8 / 20; // 50 ms ticks
  const server = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const queue: Buffer[] = [];
    client.on('data', (chunk) => {
      queue.push(chunk);
      client.pause();
    });
    const tick = setInterval(() => {
      let budget = bytesPerTick;
      while (budget > 0 && queue.length > 0) {
        const head = queue[0];
        const take = head.subarray(0, budget);
        upstream.write(take);
        bytesUp += take.length;
        budget -= take.length;
        if (take.length === head.length) queue.shift();
        else queue[0] = head.subarray(take.length);
      }
      if (queue.length === 0) client.resume();
    }, 50);
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      clearInterval(tick);
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  const cutter = setInterval(() => {
    up = false;
    for (const s of sockets) s.destroy();
    setTimeout(() => (up = true), DOWN_SECONDS * 1000);
  }, DROP_SECONDS * 1000);
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    bytesUp: () => bytesUp,
    close: () => {
      clearInterval(cutter);
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function call(
  url: string,
  init: RequestInit & { timeoutMs: number },
  token: string,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch {
    throw new ApiError(undefined, null);
  }
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  return res;
}

function fetchTransport(base: string, token: string, body: Record<string, unknown>): PartsTransport {
  return {
    status: async () =>
      uploadStatusSchema.parse(await (await call(base, { timeoutMs: 30_000 }, token)).json()),
    putPart: async (part, bytes, offset) => {
      const res = await call(
        `${base}/parts/${part}?offset=${offset}`,
        {
          method: 'PUT',
          body: bytes,
          headers: { 'content-type': 'application/octet-stream' },
          timeoutMs: PART_TIMEOUT_MS,
        },
        token,
      );
      return serverSlotWaitMs(res.headers.get('server-timing'));
    },
    complete: async (parts) => {
      await call(
        `${base}/complete`,
        {
          method: 'POST',
          body: JSON.stringify({ ...body, parts }),
          headers: { 'content-type': 'application/json' },
          timeoutMs: 120_000,
        },
        token,
      );
    },
  };
}

/** A WebM head and noise: the server checks the container from the first bytes. */
function recording(): Blob {
  const bytes = crypto.randomBytes(Math.round(MB * 1024 * 1024));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3], 0);
  return new Blob([bytes], { type: 'audio/webm' });
}

async function inParts(proxyUrl: string, setup: ReviewSetup, blob: Blob) {
  const clientId = crypto.randomUUID();
  const description = {
    examID: setup.examId,
    variantID: setup.variantId,
    mime: 'audio/webm;codecs=opus',
    duration: 3600,
    size: blob.size,
  };
  const transport = fetchTransport(
    `${proxyUrl}/api/student/uploads/${clientId}`,
    setup.student.token,
    description,
  );
  let attempts = 0;
  for (;;) {
    attempts += 1;
    try {
      await sendInParts(transport, blob);
      return { attempts, arrived: true };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== undefined) throw error;
      await sleep(RETRY_MS);
    }
  }
}

async function wholeFile(proxyUrl: string, setup: ReviewSetup, blob: Blob, started: number) {
  const clientId = crypto.randomUUID();
  let attempts = 0;
  while ((Date.now() - started) / 1000 < GIVE_UP_SECONDS) {
    attempts += 1;
    const form = new FormData();
    form.append('examID', String(setup.examId));
    form.append('variantID', String(setup.variantId));
    form.append('clientId', clientId);
    form.append('duration', '3600');
    form.append('audio', blob, 'answer.webm');
    try {
      await call(
        `${proxyUrl}/api/student/exam/complete`,
        { method: 'POST', body: form, timeoutMs: 600_000 },
        setup.student.token,
      );
      return { attempts, arrived: true };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== undefined) throw error;
      await sleep(RETRY_MS);
    }
  }
  return { attempts, arrived: false };
}

async function measure(
  name: string,
  target: number,
  run: (proxyUrl: string, started: number) => Promise<{ attempts: number; arrived: boolean }>,
  size: number,
) {
  const link = flakyLink(target);
  const port = await link.listen();
  const started = Date.now();
  try {
    const { attempts, arrived } = await run(`http://127.0.0.1:${port}`, started);
    const seconds = (Date.now() - started) / 1000;
    return {
      way: name,
      arrived: arrived ? 'yes' : `no (gave up after ${GIVE_UP_SECONDS} s)`,
      seconds: Math.round(seconds),
      attempts,
      'bytes sent ÷ size': Math.round((link.bytesUp() / size) * 100) / 100,
    };
  } finally {
    link.close();
  }
}

async function main() {
  const server = await startServer({ username: 'admin', password: 'bench-admin-pass-1' });
  try {
    const target = Number(new URL(server.baseUrl).port);
    const setup = await setupReviewExam(server.baseUrl, crypto.randomUUID().slice(0, 8));
    const blob = recording();
    const ideal = (blob.size * 8) / (LINK_KBPS * 1000);
    console.log(
      `${MB} MB over ${LINK_KBPS} kbit/s (${Math.round(ideal)} s without drops), ` +
        `cut every ${DROP_SECONDS} s for ${DOWN_SECONDS} s`,
    );
    const rows = [
      await measure(
        'parts (resumable, growing with the link)',
        target,
        (url) => inParts(url, setup, blob),
        blob.size,
      ),
      await measure(
        'one multipart POST, restarted',
        target,
        (url, t0) => wholeFile(url, setup, blob, t0),
        blob.size,
      ),
    ];
    console.table(rows);
  } finally {
    await server.stop();
  }
}

await main();
