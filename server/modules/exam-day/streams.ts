import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Slots } from '../../lib/slots';
import { EXAM_PROGRESS_EVENT } from '../../../src/shared/contract/progress';

// The open event streams of this instance, by exam. A change of an exam is computed ONCE per
// instance (a few queries for the whole class) and the same text is written to every stream of
// that exam; changes that come while it is computed make one more computation, not one each. One
// timer beats for every stream (heartbeats, and the end of streams whose token expired): 900 open
// streams cost their sockets and a few objects each, never a timer or a query each.

export interface ProgressStreamsOptions {
  log: FastifyBaseLogger;
  heartbeatMs: number;
  /** The exam's progress answer as JSON text; undefined once the exam is gone. */
  snapshot: (examId: number) => Promise<string | undefined>;
}

interface OpenStream {
  out: Writable;
  /** When the access token it was opened with expires (ms): the stream ends then. */
  expiresAt: number;
  /** The change count of the last snapshot written to it (-1: none yet). */
  sent: number;
}

interface ExamWatch {
  streams: Set<OpenStream>;
  /** Changes told so far; a snapshot is current when computed from this count. */
  changes: number;
  /** The last snapshot as the frame every stream gets: encoded once, written to each as it is. */
  latest: { frame: Buffer; changes: number } | undefined;
  computing: Promise<void> | undefined;
}

/**
 * Snapshots computed at once per instance: many exams changing together (a class burst, every
 * stream of a school opening after a restart) queue here instead of taking the database's pool
 * and the heap all at once.
 */
const COMPUTING_MAX = 4;
/** A slow reader's backlog past this is dropped with its stream (the client reconnects). */
const BACKLOG_MAX_BYTES = 1024 * 1024;
const HEARTBEAT = Buffer.from(': \n\n');

/** A Server-Sent Events frame: the event's name and its data on one line (JSON has no newline). */
export function eventFrame(data: string): string {
  return `event: ${EXAM_PROGRESS_EVENT}\ndata: ${data}\n\n`;
}

export class ProgressStreams {
  private readonly exams = new Map<number, ExamWatch>();
  private readonly timer: NodeJS.Timeout;
  private readonly computing = new Slots(COMPUTING_MAX);
  private closed = false;

  constructor(private readonly opts: ProgressStreamsOptions) {
    this.timer = setInterval(() => this.beat(), opts.heartbeatMs);
    this.timer.unref();
  }

  /** Open streams on this instance. */
  get size(): number {
    let n = 0;
    for (const watch of this.exams.values()) n += watch.streams.size;
    return n;
  }

  /**
   * Adds a stream of the exam and writes it the current progress (computed, or the one computed
   * since the exam's last change). The stream leaves when it closes (the client went away).
   */
  async open(examId: number, out: Writable, expiresAt: number): Promise<void> {
    if (this.closed) {
      out.end();
      return;
    }
    let watch = this.exams.get(examId);
    if (!watch) {
      watch = { streams: new Set(), changes: 0, latest: undefined, computing: undefined };
      this.exams.set(examId, watch);
    }
    const stream: OpenStream = { out, expiresAt, sent: -1 };
    watch.streams.add(stream);
    out.once('close', () => this.leave(examId, stream));
    const { latest } = watch;
    if (latest && latest.changes === watch.changes) this.write(stream, latest.frame, latest.changes);
    else await this.compute(examId, watch);
  }

  /** The exam's progress changed: its open streams get the new state. */
  changed(examId: number): void {
    const watch = this.exams.get(examId);
    if (!watch) return;
    watch.changes += 1;
    void this.compute(examId, watch);
  }

  /** Changes may have been missed: every watched exam is read again. */
  resync(): void {
    for (const examId of this.exams.keys()) this.changed(examId);
  }

  /** Ends every stream (the app closes): clients reconnect to another instance. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const watch of this.exams.values()) for (const s of watch.streams) s.out.end();
    this.exams.clear();
  }

  /** Computes the exam's snapshot until it is current, writing each to the streams behind it. */
  private compute(examId: number, watch: ExamWatch): Promise<void> {
    watch.computing ??= (async () => {
      try {
        while (!this.closed && this.exams.get(examId) === watch && watch.streams.size > 0) {
          const changes = watch.changes;
          const release = await this.computing.acquire();
          let text: string | undefined;
          try {
            text = await this.opts.snapshot(examId);
          } finally {
            release();
          }
          if (text === undefined) {
            // The exam is gone: its streams end (the client's reconnect answers 404).
            for (const s of watch.streams) s.out.end();
            this.exams.delete(examId);
            return;
          }
          const frame = Buffer.from(eventFrame(text));
          watch.latest = { frame, changes };
          for (const s of watch.streams) this.write(s, frame, changes);
          if (watch.changes === changes) return;
        }
      } catch (err) {
        // The next change (or reconnect) tries again; the streams keep what they have.
        this.opts.log.warn({ err, examId }, 'exam-day events: progress not computed');
      } finally {
        watch.computing = undefined;
        if (watch.streams.size === 0 && this.exams.get(examId) === watch) this.exams.delete(examId);
      }
    })();
    return watch.computing;
  }

  private write(stream: OpenStream, frame: Buffer, changes: number): void {
    if (stream.sent >= changes) return;
    stream.sent = changes;
    this.send(stream, frame);
  }

  private send(stream: OpenStream, bytes: Buffer): void {
    if (stream.out.writableLength > BACKLOG_MAX_BYTES) {
      stream.out.destroy();
      return;
    }
    stream.out.write(bytes);
  }

  private leave(examId: number, stream: OpenStream): void {
    const watch = this.exams.get(examId);
    if (!watch) return;
    watch.streams.delete(stream);
    if (watch.streams.size === 0 && !watch.computing) this.exams.delete(examId);
  }

  private beat(): void {
    const now = Date.now();
    for (const watch of this.exams.values()) {
      for (const s of watch.streams) {
        // The token it was opened with expired: the client opens it again with a fresh one, so an
        // ended session stops hearing.
        if (now >= s.expiresAt) s.out.end();
        else this.send(s, HEARTBEAT);
      }
    }
  }
}
