/**
 * The teachers' browsers of the events bench, in their own process (so the server's memory is
 * measured alone): opens many `text/event-stream` answers over node:http, one connection each,
 * keeps them read, and times a device's change until a stream shows it. Driven by the parent
 * over IPC: `open`, `latency`, `close`; each answers one message.
 * `node --import tsx bench/lib/events-client.ts` (spawned with an IPC channel).
 */
import http from 'node:http';

export interface OpenCommand {
  cmd: 'open';
  streams: Array<{ url: string; token: string }>;
}

export interface LatencyCommand {
  cmd: 'latency';
  /** Where the report goes (a student's POST …/progress) and the stream that must show it. */
  reportUrl: string;
  studentToken: string;
  studentId: number;
  streamUrl: string;
  teacherToken: string;
  rounds: number;
}

export type EventsCommand = OpenCommand | LatencyCommand | { cmd: 'close' };

export interface OpenOutcome {
  opened: number;
  failed: number;
  ms: number;
  firstError?: string;
}

export interface LatencyOutcome {
  /** Milliseconds from the report's send to the stream's event showing it, per round. */
  times: number[];
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const open = new Set<http.ClientRequest>();

/** Opens a stream; calls `onEvent` with each event's data, resolves at the first one. */
function openStream(url: string, token: string, onEvent?: (data: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`${url}: ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let first = true;
      res.on('data', (text: string) => {
        buffer += text;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (data === undefined) continue;
          onEvent?.(data);
          if (first) {
            first = false;
            resolve();
          }
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    open.add(req);
  });
}

async function openAll(command: OpenCommand): Promise<OpenOutcome> {
  const started = performance.now();
  let failed = 0;
  let firstError: string | undefined;
  await Promise.all(
    command.streams.map((s) =>
      openStream(s.url, s.token).catch((err: Error) => {
        failed += 1;
        firstError ??= err.message;
      }),
    ),
  );
  return { opened: command.streams.length - failed, failed, ms: performance.now() - started, firstError };
}

async function latency(command: LatencyCommand): Promise<LatencyOutcome> {
  let waiting: { task: number; resolve: () => void } | undefined;
  await openStream(command.streamUrl, command.teacherToken, (data) => {
    if (!waiting) return;
    const progress = JSON.parse(data) as { students: Array<{ id: number; task?: number }> };
    const row = progress.students.find((s) => s.id === command.studentId);
    if (row?.task === waiting.task) waiting.resolve();
  });
  const times: number[] = [];
  const clientId = crypto.randomUUID();
  for (let round = 1; round <= command.rounds; round++) {
    const shown = new Promise<void>((resolve) => (waiting = { task: round, resolve }));
    const sent = performance.now();
    const res = await fetch(command.reportUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${command.studentToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId, state: 'recording', task: round, at: new Date().toISOString() }),
    });
    if (res.status !== 204) throw new Error(`report: ${res.status} ${await res.text()}`);
    await shown;
    times.push(performance.now() - sent);
    waiting = undefined;
    // Changes a second apart, as a device's are at the quickest (a task's start).
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { times };
}

process.on('message', (command: EventsCommand) => {
  const answer = (value: unknown) => process.send?.(value);
  if (command.cmd === 'open') void openAll(command).then(answer);
  else if (command.cmd === 'latency') {
    latency(command).then(answer, (err: Error) => answer({ error: err.message }));
  } else {
    for (const req of open) req.destroy();
    open.clear();
    answer({ closed: true });
  }
});
