import { errorStatus } from './api-client';
import { errorTexts } from './api-errors';
import type { LocalDb, OutboxRow } from './local-db';

/**
 * Each kind of outbox work and the payload it carries. Features add their kinds by declaration
 * merging, next to their handler:
 * `declare module '…/lib/sync-engine' { interface OutboxPayloads { comment: CommentOp } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface OutboxPayloads {}

/** A kind of the payload map `P` (the app's `OutboxPayloads` unless a test brings its own). */
export type OutboxKindOf<P> = keyof P & string;
export type OutboxKind = OutboxKindOf<OutboxPayloads>;

/** An outbox row whose payload has its kind's type. */
export type OutboxItem<K extends OutboxKindOf<P>, P = OutboxPayloads> = Omit<
  OutboxRow,
  'kind' | 'payload'
> & {
  kind: K;
  payload: P[K];
};

export interface SyncSnapshot {
  /** Items waiting to be sent (blocked ones included). */
  pending: number;
  blocked: number;
  /** The item being sent now, with its upload progress (0..1) when known. */
  current: { key: string; label: string; progress: number | null } | null;
  /** The session expired: the queue waits for a login, nothing is dropped. */
  needsLogin: boolean;
  /** When the next automatic retry is due (ms since epoch), if one is scheduled. */
  nextRetryAt: number | null;
}

/** Sends one item; resolves once the server confirmed it, throws the call's error otherwise. */
export type OutboxHandler<K extends OutboxKindOf<P>, P = OutboxPayloads> = (
  item: OutboxItem<K, P>,
  onProgress: (fraction: number) => void,
) => Promise<void>;

type Handlers<P> = { [K in OutboxKindOf<P>]?: OutboxHandler<K, P> };

export interface SyncEngineOptions<P> {
  db: LocalDb;
  handlers?: Handlers<P>;
  now?: () => number;
  /** Backoff after the n-th failed attempt, in ms. */
  backoff?: (attempts: number) => number;
  /** The signed-in user: an item is sent only while its owner is signed in. */
  currentOwner?: () => string | null;
}

const defaultBackoff = (attempts: number) => Math.min(5 * 60_000, 2000 * 2 ** Math.min(attempts - 1, 8));

type Outcome = 'sent' | 'retry-later' | 'blocked' | 'needs-login';

function classify(error: unknown): Exclude<Outcome, 'sent'> {
  const status = errorStatus(error);
  if (status === 401) return 'needs-login';
  if (status !== undefined && status >= 400 && status < 500 && ![408, 425, 429].includes(status))
    return 'blocked';
  return 'retry-later';
}

/**
 * The one drainer of the outbox: sends items oldest first, removes each only after its handler
 * resolved (the server confirmed it), retries transient failures with backoff, and pauses on an
 * expired session until `resume()`. Triggers: start, `online`, the tab becoming visible, the
 * backoff timer and Background Sync messages from the service worker.
 */
export class SyncEngine<P = OutboxPayloads> {
  private readonly db: LocalDb;
  private readonly handlers: Handlers<P>;
  private readonly now: () => number;
  private readonly backoff: (attempts: number) => number;
  private readonly currentOwner: () => string | null;
  private snapshot: SyncSnapshot = {
    pending: 0,
    blocked: 0,
    current: null,
    needsLogin: false,
    nextRetryAt: null,
  };
  private readonly listeners = new Set<() => void>();
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly detach: Array<() => void> = [];

  constructor(options: SyncEngineOptions<P>) {
    this.db = options.db;
    this.handlers = { ...options.handlers };
    this.now = options.now ?? Date.now;
    this.backoff = options.backoff ?? defaultBackoff;
    this.currentOwner = options.currentOwner ?? (() => null);
  }

  /** Features register how their kind of item is sent (at app start, before `start`). */
  register<K extends OutboxKindOf<P>>(kind: K, handler: OutboxHandler<K, P>): void {
    this.handlers[kind] = handler;
  }

  /** Listens to the browser's triggers and drains once. */
  start(): void {
    if (typeof window !== 'undefined') {
      const onOnline = () => void this.networkReturned();
      const onVisible = () => {
        if (document.visibilityState === 'visible') this.kick();
      };
      const onMessage = (e: MessageEvent) => {
        if ((e.data as { type?: string } | null)?.type === 'outbox-sync') this.kick();
      };
      window.addEventListener('online', onOnline);
      document.addEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.addEventListener('message', onMessage);
      this.detach.push(
        () => window.removeEventListener('online', onOnline),
        () => document.removeEventListener('visibilitychange', onVisible),
        () => navigator.serviceWorker?.removeEventListener('message', onMessage),
      );
    }
    this.kick();
  }

  stop(): void {
    this.detach.splice(0).forEach((off) => off());
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SyncSnapshot => this.snapshot;

  /**
   * Adds work, owned by the signed-in user unless `owner` is given; an item whose key is
   * already queued is not added twice.
   */
  async enqueue<K extends OutboxKindOf<P>>(item: {
    key: string;
    kind: K;
    payload: P[K];
    label: string;
    owner?: string | null;
  }): Promise<void> {
    const owner = item.owner === undefined ? this.currentOwner() : item.owner;
    await this.db.transaction('rw', this.db.outbox, async () => {
      if (await this.db.outbox.where('key').equals(item.key).count()) return;
      await this.db.outbox.add({
        ...item,
        owner,
        createdAt: new Date(this.now()).toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        blocked: false,
      });
    });
    this.kick();
  }

  /** The items of one kind still waiting (blocked ones included), oldest first. */
  async pendingOf<K extends OutboxKindOf<P>>(kind: K): Promise<Array<OutboxItem<K, P>>> {
    const rows = await this.db.outbox.where('kind').equals(kind).sortBy('id');
    return rows as Array<OutboxItem<K, P>>;
  }

  /**
   * Rewrites the payloads of waiting items of one kind in one transaction (e.g. a later edit
   * learns the server id of the comment it changes); `rewrite` answers undefined to keep one.
   */
  async rewritePending<K extends OutboxKindOf<P>>(
    kind: K,
    rewrite: (payload: P[K]) => P[K] | undefined,
  ): Promise<void> {
    await this.db.outbox
      .where('kind')
      .equals(kind)
      .modify((row) => {
        const next = rewrite(row.payload as P[K]);
        if (next !== undefined) row.payload = next;
      });
  }

  /** The network is back: what waited for a backoff timer goes now (blocked items still wait). */
  async networkReturned(): Promise<void> {
    await this.db.outbox.toCollection().modify((item) => {
      if (!item.blocked) item.nextAttemptAt = 0;
    });
    await this.kick();
  }

  /** After a login: the queue goes on. */
  resume(): void {
    this.set({ needsLogin: false });
    this.kick();
  }

  /** Sends everything now, blocked items and backoff included (the user asked). */
  async retryAll(): Promise<void> {
    await this.db.outbox.toCollection().modify({ blocked: false, nextAttemptAt: 0 });
    this.resume();
  }

  /** Starts a drain, or asks the running one to look again when done; resolves when idle. */
  kick(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          await this.withLock(() => this.drain());
        } while (this.again);
      } catch (error) {
        // The device database failed (closed, quota): nothing was removed; try again later.
        console.warn('outbox drain failed', error);
        this.schedule(this.now() + this.backoff(1));
      } finally {
        this.draining = null;
      }
    })();
    return this.draining;
  }

  /** One drainer across tabs too: another tab holding the lock is already sending. */
  private async withLock(run: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return run();
    await locks.request('ustno-outbox', { ifAvailable: true }, async (lock) => {
      if (lock) await run();
    });
  }

  private async drain(): Promise<void> {
    await this.refreshCounts();
    if (this.snapshot.needsLogin) return;
    for (;;) {
      const items = await this.db.outbox.orderBy('id').toArray();
      const now = this.now();
      const owner = this.currentOwner();
      // Another user's work waits for them (a shared device); it does not hold this user's.
      const waiting = items.filter((i) => !i.blocked && (i.owner ?? null) === owner);
      const due = waiting.find((i) => i.nextAttemptAt <= now);
      // Order matters (a comment's edit after its creation): a waiting older item holds the rest.
      if (!due || waiting[0] !== due) {
        this.schedule(waiting.length > 0 ? Math.min(...waiting.map((i) => i.nextAttemptAt)) : null);
        return;
      }
      const outcome = await this.send(due);
      await this.refreshCounts();
      if (outcome === 'needs-login') return;
    }
  }

  private async send(item: OutboxRow): Promise<Outcome> {
    const handler = this.handlers[item.kind as OutboxKindOf<P>] as
      OutboxHandler<OutboxKindOf<P>, P> | undefined;
    const id = item.id as number;
    if (!handler) {
      await this.db.outbox.update(id, { blocked: true, lastError: `no handler for ${item.kind}` });
      return 'blocked';
    }
    this.set({ current: { key: item.key, label: item.label, progress: null } });
    try {
      await handler(item as OutboxItem<OutboxKindOf<P>, P>, (progress) =>
        this.set({ current: { key: item.key, label: item.label, progress } }),
      );
      await this.db.outbox.delete(id);
      return 'sent';
    } catch (error) {
      const outcome = classify(error);
      const lastError = errorTexts(error)[0];
      if (outcome === 'needs-login') {
        await this.db.outbox.update(id, { lastError });
        this.set({ needsLogin: true });
      } else if (outcome === 'blocked') {
        await this.db.outbox.update(id, { blocked: true, lastError, attempts: item.attempts + 1 });
      } else {
        const attempts = item.attempts + 1;
        await this.db.outbox.update(id, {
          attempts,
          lastError,
          nextAttemptAt: this.now() + this.backoff(attempts),
        });
        void registerBackgroundSync();
      }
      return outcome;
    } finally {
      this.set({ current: null });
    }
  }

  private schedule(at: number | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.set({ nextRetryAt: at });
    if (at === null) return;
    this.timer = setTimeout(() => void this.kick(), Math.max(0, at - this.now()));
  }

  private async refreshCounts(): Promise<void> {
    const items = await this.db.outbox.toArray();
    this.set({ pending: items.length, blocked: items.filter((i) => i.blocked).length });
  }

  private set(patch: Partial<SyncSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((l) => l());
  }
}

/** Asks the browser to wake the app when the network returns, where it can (Chromium). */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (
      registration as
        (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register('ustno-outbox');
  } catch {
    // Not supported or not allowed: the online event and the timer still drive the queue.
  }
}
