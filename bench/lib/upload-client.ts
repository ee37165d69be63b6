/**
 * The class burst's students, in their own process: every upload at once, each a multipart
 * POST of one recording (the fields of the real endpoint, then the file part `audio`), all
 * sharing one buffer. `node --import tsx bench/lib/upload-client.ts <job.json>` prints the outcome.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

export interface UploadJob {
  url: string;
  bytes: number;
  uploads: Array<{ token: string; clientId: string; examID: number; variantID: number }>;
}

export interface UploadOutcome {
  ms: number;
  statuses: Record<string, number>;
  /** Recording ids answered, in upload order (null when the answer was not a success). */
  ids: Array<number | null>;
  firstError?: string;
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as UploadJob;
const audio = Buffer.alloc(job.bytes, 7);
audio.set([0x1a, 0x45, 0xdf, 0xa3], 0);
const peaks = JSON.stringify(
  Array.from({ length: 1200 }, (_, i) => Math.round(Math.abs(Math.sin(i / 9)) * 100) / 100),
);
// node:http with no socket limit and no connect timeout: each student has a connection of
// their own, and waiting for the server to read is part of the measure, not a client error.
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const url = new URL(job.url);

/** The multipart body as a browser's FormData sends it: the fields, then the file part. */
function multipart(u: UploadJob['uploads'][number], boundary: string): Buffer[] {
  const fields: Record<string, string> = {
    examID: String(u.examID),
    variantID: String(u.variantID),
    clientId: u.clientId,
    mime: 'audio/webm;codecs=opus',
    duration: '120',
    taskStarts: '[0,60]',
    peaks,
  };
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`;
  return [Buffer.from(head), audio, Buffer.from(`\r\n--${boundary}--\r\n`)];
}

function post(u: UploadJob['uploads'][number]): Promise<{ status: number; body: string }> {
  const boundary = `----bench${u.clientId}`;
  const chunks = multipart(u, boundary);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${u.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': chunks.reduce((n, c) => n + c.length, 0),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

const outcome: UploadOutcome = { ms: 0, statuses: {}, ids: [] };
const started = performance.now();
outcome.ids = await Promise.all(
  job.uploads.map(async (u) => {
    try {
      const res = await post(u);
      outcome.statuses[res.status] = (outcome.statuses[res.status] ?? 0) + 1;
      if (res.status !== 200) {
        outcome.firstError ??= `${res.status} ${res.body.slice(0, 300)}`;
        return null;
      }
      return (JSON.parse(res.body) as { id: number }).id;
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'network';
      outcome.statuses[code] = (outcome.statuses[code] ?? 0) + 1;
      outcome.firstError ??= String(err);
      return null;
    }
  }),
);
outcome.ms = performance.now() - started;
process.stdout.write(JSON.stringify(outcome));
