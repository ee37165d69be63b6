import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { nowIso } from '../../lib/time';
import * as repo from './repository';

// "Exam N's progress changed", shared by every instance: each instance holds ONE channel (a Redis
// subscription, or one poller of the database's events table) and tells its own streams in
// memory (streams.ts). A change is told to this instance's listeners at once, and to the others
// through the channel, which skips the changes an instance wrote itself.

export type ChangeListener = (examId: number) => void;

export interface ExamChanges {
  /** Tells this instance at once, and every other one through the channel. Never throws. */
  publish(examId: number): Promise<void>;
  /** Told of every change, this instance's and the others'. */
  onChange(listener: ChangeListener): void;
  /** Told when changes may have been missed (the channel was away): every exam may have changed. */
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

export interface ExamChangesOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  redisUrl: string | undefined;
  /** Without Redis: how often the events table is read. */
  pollMs: number;
}

/** Redis where configured (pub/sub), else the database (an events table each instance polls). */
export async function startExamChanges(opts: ExamChangesOptions): Promise<ExamChanges> {
  const changes = opts.redisUrl
    ? new RedisChanges(opts.log, opts.redisUrl)
    : new DatabaseChanges(opts.db, opts.log, opts.pollMs);
  await changes.start();
  return changes;
}

abstract class LocalFanOut implements ExamChanges {
  /** This instance, as its messages and rows name it. */
  protected readonly origin = crypto.randomUUID();
  private readonly listeners: ChangeListener[] = [];
  private readonly resyncListeners: Array<() => void> = [];
  private away = false;

  constructor(protected readonly log: FastifyBaseLogger) {}

  abstract start(): Promise<void>;
  abstract close(): Promise<void>;
  protected abstract send(examId: number): Promise<void>;

  async publish(examId: number): Promise<void> {
    this.dispatch(examId);
    try {
      await this.send(examId);
    } catch (err) {
      // The change is in the database either way; the others see it on their next change.
      this.markAway(err as Error);
    }
  }

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  onResync(listener: () => void): void {
    this.resyncListeners.push(listener);
  }

  protected received(examId: number, origin: string): void {
    if (origin !== this.origin) this.dispatch(examId);
  }

  private dispatch(examId: number): void {
    for (const listener of this.listeners) listener(examId);
  }

  /** The channel failed: said once per outage. */
  protected markAway(err: Error): void {
    if (this.away) return;
    this.away = true;
    this.log.warn({ err: err.message }, 'exam-day events: channel unreachable, live views may lag');
  }

  /** The channel answers again: what was missed meanwhile is read afresh by every open view. */
  protected markBack(): void {
    if (!this.away) return;
    this.away = false;
    this.log.info('exam-day events: channel reachable again');
    for (const listener of this.resyncListeners) listener();
  }
}

const CHANNEL = 'ustno:exam-progress';
/** How long the start waits for the subscription before going on (Redis away: it comes later). */
const SUBSCRIBE_WAIT_MS = 2000;

/** Pub/sub: a subscriber connection (a subscribed connection cannot publish) and a publisher. */
class RedisChanges extends LocalFanOut {
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;

  constructor(
    log: FastifyBaseLogger,
    private readonly url: string,
  ) {
    super(log);
  }

  async start(): Promise<void> {
    // ioredis is loaded only where Redis is configured, as the rate limits load it.
    const { Redis } = await import('ioredis');
    // A change is never queued for an absent Redis: it fails at once and the views catch up later.
    this.publisher = new Redis(this.url, {
      connectTimeout: 2000,
      enableOfflineQueue: false,
      commandTimeout: 1000,
      maxRetriesPerRequest: 0,
    });
    this.publisher.on('error', (err: Error) => this.markAway(err));
    // ioredis subscribes again by itself after a reconnect.
    const subscriber = new Redis(this.url, { connectTimeout: 2000, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    subscriber.on('error', (err: Error) => this.markAway(err));
    // The connection dropped (not our quit): what is published meanwhile is missed.
    subscriber.on('reconnecting', () => this.markAway(new Error('subscription lost, reconnecting')));
    subscriber.on('message', (_channel: string, message: string) => {
      const parsed = parseMessage(message);
      if (parsed) this.received(parsed.examId, parsed.origin);
    });
    // Ready again after an outage: subscribed again (ioredis does it first), then views refresh.
    subscriber.on('ready', () => this.markBack());
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      subscriber.subscribe(CHANNEL).catch((err: Error) => this.markAway(err)),
      new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          this.markAway(new Error(`not subscribed within ${SUBSCRIBE_WAIT_MS} ms`));
          resolve();
        }, SUBSCRIBE_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  }

  protected async send(examId: number): Promise<void> {
    await this.publisher?.publish(CHANNEL, JSON.stringify({ e: examId, o: this.origin }));
  }

  async close(): Promise<void> {
    await Promise.all(
      [this.publisher, this.subscriber].map(async (redis) => {
        if (!redis) return;
        if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
        else redis.disconnect();
      }),
    );
  }
}

function parseMessage(message: string): { examId: number; origin: string } | undefined {
  try {
    const m = JSON.parse(message) as { e?: unknown; o?: unknown };
    if (typeof m.e === 'number' && Number.isInteger(m.e) && typeof m.o === 'string') {
      return { examId: m.e, origin: m.o };
    }
  } catch {
    // Someone else's message on the channel: not ours to read.
  }
  return undefined;
}

/** Rows read per query; more are read at once in the same poll. */
const POLL_BATCH = 500;
/** Event rows are only needed until every instance polled them. */
const EVENTS_KEPT_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/**
 * An id skipped by the rows read (PostgreSQL hands out ids before commit: a transaction that got a
 * lower id may commit after a higher one was read) is read again for this long; a rolled-back
 * insert leaves one for good.
 */
const GAP_KEPT_MS = 10_000;
/** A jump larger than this is not tracked id by id (a sequence moved on; nothing to wait for). */
const GAP_TRACKED_MAX = 1000;

/** The events table, read every `pollMs` by one poller per instance. */
class DatabaseChanges extends LocalFanOut {
  private lastId = 0;
  private readonly gaps = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private nextPruneAt = 0;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    log: FastifyBaseLogger,
    private readonly pollMs: number,
  ) {
    super(log);
  }

  async start(): Promise<void> {
    this.lastId = await repo.lastEventId(this.db);
    this.timer = setInterval(() => {
      this.polling ??= this.poll().finally(() => (this.polling = undefined));
    }, this.pollMs);
    this.timer.unref();
  }

  protected async send(examId: number): Promise<void> {
    await repo.insertEvent(this.db, { exam_id: examId, origin: this.origin, at: nowIso() });
  }

  private async poll(): Promise<void> {
    try {
      for (;;) {
        if (this.closed) return;
        const rows = await repo.eventsSince(this.db, this.lastId, [...this.gaps.keys()], POLL_BATCH);
        const now = Date.now();
        for (const row of rows) {
          if (this.gaps.delete(row.id)) {
            this.received(row.exam_id, row.origin);
            continue;
          }
          if (row.id <= this.lastId) continue;
          if (row.id - this.lastId - 1 <= GAP_TRACKED_MAX) {
            for (let id = this.lastId + 1; id < row.id; id++) this.gaps.set(id, now);
          }
          this.lastId = row.id;
          this.received(row.exam_id, row.origin);
        }
        for (const [id, since] of this.gaps) if (now - since > GAP_KEPT_MS) this.gaps.delete(id);
        if (rows.length < POLL_BATCH) break;
      }
      if (Date.now() >= this.nextPruneAt) {
        this.nextPruneAt = Date.now() + PRUNE_EVERY_MS;
        await repo.deleteEventsBefore(this.db, new Date(Date.now() - EVENTS_KEPT_MS).toISOString());
      }
      this.markBack();
    } catch (err) {
      if (!this.closed) this.markAway(err as Error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    // The database closes after this: the poll in flight ends first.
    await this.polling;
  }
}
