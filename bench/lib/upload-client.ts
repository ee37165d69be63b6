/**
 * The class burst's students, in their own process: every upload at once, all sharing one
 * buffer. `multipart`: one POST /api/student/exam/complete per recording (the fields of the real
 * endpoint, then the file part `audio`). `parts`: what the app itself sends, one student after
 * another's request on a connection of their own: on a resend only, GET the upload's status
 * (a recording made already is the answer); PUT its parts in
 * order at their offsets (the first of 256 KiB, the next ones grown by the app's own rule,
 * `nextPartBytes`, from how long the one before took less the server's slot wait it reports),
 * POST complete with the description.
 * Every answer counts as it comes: the server holds uploads in its sockets (upload slots)
 * rather than refusing them.
 * `node --import tsx bench/lib/upload-client.ts <job.json>` prints the outcome.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { RECORDING_PART_BYTES, RECORDING_PART_MAX_BYTES } from '../../src/shared/contract/student';
import { nextPartBytes, serverSlotWaitMs } from '../../src/lib/upload';

export interface UploadJob {
  /** The server's origin. */
  url: string;
  mode: 'multipart' | 'parts';
  bytes: number;
  uploads: Array<{ token: string; clientId: string; examID: number; variantID: number }>;
  /** The same uploads sent again (the device's retry after a lost answer): the parts path asks first. */
  resend?: boolean;
}

export interface UploadOutcome {
  ms: number;
  statuses: Record<string, number>;
  /** Recording ids answered, in upload order (null when the answer was not a success). */
  ids: Array<number | null>;
  /** Parts PUT in all (the parts path): how the part size grew shows here. */
  partsSent?: number;
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
const agent = new http.Agent({ keepAlive: job.mode === 'parts', maxSockets: Infinity });
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

interface Answer {
  status: number;
  body: string;
  /** Its `server-timing` header, if any. */
  timing?: string;
}

function request(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  chunks: Buffer[],
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path,
        method,
        headers: { ...headers, 'content-length': chunks.reduce((n, c) => n + c.length, 0) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, timing: String(res.headers['server-timing'] ?? '') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

function postMultipart(u: UploadJob['uploads'][number]): Promise<Answer> {
  const boundary = `----bench${u.clientId}`;
  return request(
    'POST',
    '/api/student/exam/complete',
    { authorization: `Bearer ${u.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    multipart(u, boundary),
  );
}

async function sendParts(u: UploadJob['uploads'][number]): Promise<Answer> {
  const base = `/api/student/uploads/${u.clientId}`;
  const auth = { authorization: `Bearer ${u.token}` };
  // As the app does: a first send asks nothing; a send again (the replay) asks what the server
  // holds, and a recording made already is the answer.
  if (job.resend) {
    const status = await request('GET', base, auth, []);
    if (status.status !== 200) return status;
    const { recordingId } = JSON.parse(status.body) as { recordingId: number | null };
    if (recordingId !== null) return { status: 200, body: JSON.stringify({ id: recordingId }) };
  }
  let part = 0;
  let size = RECORDING_PART_BYTES;
  for (let offset = 0; offset < audio.length; part++) {
    const bytes = audio.subarray(offset, Math.min(audio.length, offset + size));
    const started = performance.now();
    const put = await request(
      'PUT',
      `${base}/parts/${part}?offset=${offset}`,
      { ...auth, 'content-type': 'application/octet-stream' },
      [bytes],
    );
    if (put.status !== 200) return put;
    outcome.partsSent = (outcome.partsSent ?? 0) + 1;
    size = nextPartBytes(
      bytes.length,
      performance.now() - started,
      RECORDING_PART_BYTES,
      RECORDING_PART_MAX_BYTES,
      serverSlotWaitMs(put.timing),
    );
    offset += bytes.length;
  }
  const description = {
    examID: u.examID,
    variantID: u.variantID,
    mime: 'audio/webm;codecs=opus',
    duration: 120,
    taskStarts: [0, 60],
    peaks: JSON.parse(peaks) as number[],
    parts: part,
    size: audio.length,
  };
  return request('POST', `${base}/complete`, { ...auth, 'content-type': 'application/json' }, [
    Buffer.from(JSON.stringify(description)),
  ]);
}

const outcome: UploadOutcome = { ms: 0, statuses: {}, ids: [] };
const started = performance.now();
outcome.ids = await Promise.all(
  job.uploads.map(async (u) => {
    try {
      const res = await (job.mode === 'parts' ? sendParts(u) : postMultipart(u));
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
