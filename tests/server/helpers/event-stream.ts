import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { EXAM_PROGRESS_EVENT, examProgressSchema, type ExamProgress } from '@/shared/contract/progress';

/** One frame of a text/event-stream: an event (name and data), or a comment line (a heartbeat). */
export interface EventFrame {
  event?: string;
  data?: string;
  comment: boolean;
}

/**
 * Reads a Server-Sent Events stream as it arrives, as the client will (fetch and a reader): frames
 * are kept in order, and a test waits for the next one that matches, up to a deadline.
 */
export class EventReader {
  private buffer = '';
  private readonly frames: EventFrame[] = [];
  private readonly waiters = new Set<() => void>();
  private done = false;

  constructor(private readonly stream: Readable) {
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      this.buffer += text;
      for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
        this.frames.push(parseFrame(this.buffer.slice(0, end)));
        this.buffer = this.buffer.slice(end + 2);
      }
      this.wake();
    });
    const finish = () => {
      this.done = true;
      this.wake();
    };
    stream.on('end', finish);
    stream.on('close', finish);
    stream.on('error', finish);
  }

  private wake(): void {
    for (const w of this.waiters) w();
  }

  /** Waits until `check` answers something (it is asked again after every frame), up to `timeoutMs`. */
  private async until<T>(what: string, check: () => T | undefined, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (this.done) throw new Error(`${what}: the stream ended first`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
      });
    }
  }

  /** The next frame that matches, the ones before it consumed. */
  next(match: (f: EventFrame) => boolean = () => true, timeoutMs = 5000): Promise<EventFrame> {
    return this.until(
      'a matching frame',
      () => {
        while (this.frames.length > 0) {
          const frame = this.frames.shift() as EventFrame;
          if (match(frame)) return frame;
        }
        return undefined;
      },
      timeoutMs,
    );
  }

  /** The next progress event whose answer satisfies `match` (parsed by the contract). */
  async progress(match: (p: ExamProgress) => boolean = () => true, timeoutMs = 5000): Promise<ExamProgress> {
    let found: ExamProgress | undefined;
    await this.next((f) => {
      if (f.event !== EXAM_PROGRESS_EVENT || f.data === undefined) return false;
      const p = examProgressSchema.parse(JSON.parse(f.data));
      if (!match(p)) return false;
      found = p;
      return true;
    }, timeoutMs);
    return found as ExamProgress;
  }

  /** Resolves once the server ended the stream. */
  ended(timeoutMs = 5000): Promise<true> {
    return this.until('the end of the stream', () => (this.done ? true : undefined), timeoutMs);
  }

  close(): void {
    this.stream.destroy();
  }
}

function parseFrame(text: string): EventFrame {
  const frame: EventFrame = { comment: true };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) continue;
    frame.comment = false;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') frame.event = value;
    if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
  }
  return frame;
}

/** Opens the exam's event stream through `app.inject`: the answer comes with its head, the body streams. */
export async function openEvents(
  app: FastifyInstance,
  token: string,
  examId: number,
  headers: Record<string, string> = {},
): Promise<{ res: LightMyRequestResponse; reader: EventReader }> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/teacher/exam/${examId}/progress/events`,
    headers: { ...headers, authorization: `Bearer ${token}` },
    payloadAsStream: true,
  });
  return { res, reader: new EventReader(res.stream()) };
}

/** Opens it over real HTTP (another process, a proxy), as the client does with fetch. */
export async function fetchEvents(
  baseUrl: string,
  token: string,
  examId: number,
): Promise<{ res: Response; reader: EventReader; abort: () => void }> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/teacher/exam/${examId}/progress/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!res.body) throw new Error(`no body: ${res.status}`);
  const reader = new EventReader(Readable.fromWeb(res.body as WebReadableStream));
  return { res, reader, abort: () => controller.abort() };
}

/**
 * An answer injected with `payloadAsStream`, made readable like any other: an event stream is cut
 * after its head (its body never ends by itself), anything else (a refusal) is read whole.
 */
export async function settled(res: LightMyRequestResponse): Promise<LightMyRequestResponse> {
  const stream = res.stream();
  let body = '';
  if (String(res.headers['content-type']).startsWith('text/event-stream')) stream.destroy();
  else for await (const chunk of stream) body += String(chunk);
  return {
    statusCode: res.statusCode,
    statusMessage: res.statusMessage,
    headers: res.headers,
    body,
    payload: body,
    json: () => JSON.parse(body) as unknown,
  } as unknown as LightMyRequestResponse;
}
