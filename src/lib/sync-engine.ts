import { liveQuery } from 'dexie';
import { ApiError, retryAfterMs, SessionChangedError } from './api-status';
import { errorTexts } from './api-errors';
import type { LocalDb, OutboxRow } from './local-db';
import { requestPersistentStorage } from './persistent-storage';
import { OUTBOX_SYNC_TAG } from './sync-tag';

/** Keys of the items the service worker sent, waiting for a page to refresh. */
const SENT_BY_WORKER = 'sent-by-worker:';

/** Whether an item was sent by this engine or by another context (the service worker). */
export type SentBy = 'here' | 'elsewhere';

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

/** Any item, as a union discriminated by its kind. */
export type AnyOutboxItem<P = OutboxPayloads> = { [K in OutboxKindOf<P>]: OutboxItem<K, P> }[OutboxKindOf<P>];

export interface SyncSnapshot {
  /** The signed-in user's items waiting to be sent (blocked ones included). */
  pending: number;
  blocked: number;
  /** The item being sent now, with its upload progress (0..1) when known. */
  current: { key: string; label: string; progress: number | null } | null;
  /** The session expired: the queue waits for a login, nothing is dropped. */
  needsLogin: boolean;
  /** When the next automatic retry is due (ms since epoch), if one is scheduled. */
  nextRetryAt: number | null;
}

/** What the engine gives each send of an item. */
export interface SendContext<K extends OutboxKindOf<P>, P = OutboxPayloads> {
  /**
   * Every request of the send carries this (spread it into `api` options, or pass it to the
   * parts transport): the engine's abort signal and the item's owner, so a request is never sent
   * under another user's session and stops when the engine says.
   */
  scope: { signal: AbortSignal; asUser: string | null };
  signal: AbortSignal;
  /** Reporting progress tells the engine the connection is alive. */
  onProgress: (fraction: number) => void;
  /** Rewrites this kind's waiting payloads (e.g. later edits learn a created comment's id). */
  rewritePending: (rewrite: (payload: P[K]) => P[K] | undefined) => Promise<void>;
}

/**
 * Sends one item; resolves (with the server's answer, if the kind wants it shown) once the
 * server confirmed it, throws the call's error otherwise.
 */
export type OutboxHandler<K extends OutboxKindOf<P>, P = OutboxPayloads> = (
  item: OutboxItem<K, P>,
  context: SendContext<K, P>,
) => Promise<unknown>;

/** What a page does once an item is confirmed: ask a query again, or show the server's answer. */
export type RefreshAction =
  | { invalidate: readonly unknown[]; exact?: boolean; refetchType?: 'active' | 'none' }
  | { set: readonly unknown[]; data: unknown };

/**
 * One kind of outbox work, declared once (its feature's `*-kind.ts`) and listed once for the
 * page and the service worker (src/app/outbox-kinds.ts): how it is sent, how waiting items
 * coalesce, what a page refreshes when one is confirmed. Whose it is: its enqueue function
 * names the owner (by default the signed-in user).
 */
export interface OutboxKindDef<K extends OutboxKindOf<P>, P = OutboxPayloads> {
  kind: K;
  send: OutboxHandler<K, P>;
  /** True when `later`, queued after `item`, makes it needless: it is done without a request. */
  supersededBy?: (item: OutboxItem<K, P>, later: OutboxItem<K, P>) => boolean;
  /** What a page shows anew once it is confirmed; `result` only when sent by this page. */
  refreshes?: (item: OutboxItem<K, P>, sentBy: SentBy, result: unknown) => RefreshAction[];
}

/** Any kind's declaration, as the list of kinds holds them. */
export type AnyOutboxKindDef<P = OutboxPayloads> = {
  [K in OutboxKindOf<P>]: OutboxKindDef<K, P>;
}[OutboxKindOf<P>];

type Kinds<P> = { [K in OutboxKindOf<P>]?: OutboxKindDef<K, P> };
type Handlers<P> = { [K in OutboxKindOf<P>]?: OutboxHandler<K, P> };

export interface SyncEngineOptions<P> {
  db: LocalDb;
  /** Bare senders (tests); the app registers declared kinds (`registerKinds`). */
  handlers?: Handlers<P>;
  now?: () => number;
  /** Backoff after the n-th failed attempt, in ms. */
  backoff?: (attempts: number) => number;
  /** The signed-in user: an item is sent only while its owner is signed in. */
  currentOwner?: () => string | null;
  /** A send that reports no progress for this long is given up and retried (a stalled link). */
  stallMs?: number;
}

/** Without progress for a minute a send counts as lost: the sender moves on. */
const DEFAULT_STALL_MS = 60_000;
/** Another context (tab, service worker) holds the sender: look again after this long. */
const LOCK_BUSY_RETRY_MS = 5_000;

/** Why a send was cut short by the engine (the signal's reason). */
const NETWORK_RETURNED = 'network-returned';
const SESSION_CHANGING = 'session-changing';
/**
 * A send cut short is waited for this long to stop (its requests take the signal, so it stops
 * at once) before the engine moves on; until it stopped, that item is not sent again.
 */
const SETTLE_MS = 10_000;

/** Items of one group go in order (a comment's creation before its edits); groups are independent. */
function groupOf(row: OutboxRow): string {
  // Rows queued before groups existed kept one order per kind.
  return row.group ?? row.kind;
}

const defaultBackoff = (attempts: number) => Math.min(5 * 60_000, 2000 * 2 ** Math.min(attempts - 1, 8));

type Outcome = 'sent' | 'retry-later' | 'blocked' | 'needs-login' | 'session-changed';

/**
 * Final or temporary: 401 waits for a login; another 4xx is the server's final word (shown as
 * refused), except 408, 425 and 429 which clear by waiting; 5xx and no answer are retried.
 */
function classify(error: unknown): Exclude<Outcome, 'sent'> {
  if (error instanceof SessionChangedError) return 'session-changed';
  if (!(error instanceof ApiError)) return 'retry-later';
  if (error.status === 401) return 'needs-login';
  return error.final ? 'blocked' : 'retry-later';
}

/**
 * The one drainer of the outbox: sends items oldest first, removes each only after its handler
 * resolved (the server confirmed it), retries transient failures with backoff, and pauses on an
 * expired session until `resume()`. Triggers: start, `online`, the tab becoming visible, the
 * backoff timer and Background Sync messages from the service worker.
 */
export class SyncEngine<P = OutboxPayloads> {
  private readonly db: LocalDb;
  private readonly kinds: Kinds<P> = {};
  private readonly now: () => number;
  private readonly backoff: (attempts: number) => number;
  private currentOwner: () => string | null;
  private readonly stallMs: number;
  private readonly sentListeners = new Set<
    (item: AnyOutboxItem<P>, sentBy: SentBy, result?: unknown) => void
  >();
  private inFlight: AbortController | null = null;
  /** Sends cut short that have not stopped yet, by item key: never two sends of one item at once. */
  private readonly stopping = new Map<string, Promise<unknown>>();
  /** Held while the session changes: nothing starts until the tokens are the new ones. */
  private holding: Promise<void> | null = null;
  private snapshot: SyncSnapshot = {
    pending: 0,
    blocked: 0,
    current: null,
    needsLogin: false,
    nextRetryAt: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly refusalListeners = new Set<(item: OutboxRow, message: string) => void>();
  private draining: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly detach: Array<() => void> = [];

  constructor(options: SyncEngineOptions<P>) {
    this.db = options.db;
    for (const [kind, send] of Object.entries(options.handlers ?? {})) {
      (this.kinds as Record<string, unknown>)[kind] = { kind, send };
    }
    this.now = options.now ?? Date.now;
    this.backoff = options.backoff ?? defaultBackoff;
    this.currentOwner = options.currentOwner ?? (() => null);
    this.stallMs = options.stallMs ?? DEFAULT_STALL_MS;
  }

  /** Whose items go: the page reads its token store, the service worker its own session. */
  setCurrentOwner(currentOwner: () => string | null): void {
    this.currentOwner = currentOwner;
  }

  /**
   * Called after the server confirmed an item, sent here or by the service worker (told by its
   * message, or at start for what it sent while no page was open), so the page can refresh what
   * it shows: what it sent itself it may already have from the server's answer.
   */
  onSent(listener: (item: AnyOutboxItem<P>, sentBy: SentBy, result?: unknown) => void): () => void {
    this.sentListeners.add(listener);
    return () => this.sentListeners.delete(listener);
  }

  /** This engine (with the server's answer), or another context (the service worker), sent this item. */
  announceSent(item: OutboxRow, sentBy: SentBy = 'elsewhere', result?: unknown): void {
    this.sentListeners.forEach((l) => l(item as AnyOutboxItem<P>, sentBy, result));
  }

  /** What a page refreshes once this item is confirmed, as its kind declares. */
  refreshesFor(item: AnyOutboxItem<P>, sentBy: SentBy, result?: unknown): RefreshAction[] {
    const def = this.kinds[item.kind] as OutboxKindDef<typeof item.kind, P> | undefined;
    return def?.refreshes?.(item as OutboxItem<typeof item.kind, P>, sentBy, result) ?? [];
  }

  /**
   * The service worker notes what it sent: a page opened later (none may have been open to be
   * told) still refreshes what it shows, instead of its saved copy from before the send.
   */
  async noteSentByWorker(item: OutboxRow): Promise<void> {
    await this.db.kv.put({ key: `${SENT_BY_WORKER}${item.key}`, value: JSON.stringify(item) });
  }

  /** At a page's start: announces, once, what the service worker sent since. */
  async announceSentByWorker(): Promise<void> {
    const rows = await this.db.kv.where('key').startsWith(SENT_BY_WORKER).toArray();
    if (rows.length === 0) return;
    await this.db.kv.bulkDelete(rows.map((r) => r.key));
    for (const row of rows) this.announceSent(JSON.parse(row.value) as OutboxRow);
  }

  /** The app's kinds, each declared once (at start, before `start`); a kind declared twice is a bug. */
  registerKinds(defs: ReadonlyArray<AnyOutboxKindDef<P>>): void {
    for (const def of defs) {
      if (this.kinds[def.kind]) throw new Error(`outbox kind ${def.kind} registered twice`);
      (this.kinds as Record<string, unknown>)[def.kind] = def;
    }
  }

  /** A bare sender for one kind, replacing the one before (tests). */
  register<K extends OutboxKindOf<P>>(kind: K, send: OutboxHandler<K, P>): void {
    (this.kinds as Record<string, unknown>)[kind] = { kind, send };
  }

  /**
   * Before the session changes (logout, another user's login): the send in flight is cut and
   * waited for, and no new one starts until this resolves; the caller changes the tokens next.
   * A request already on its way under the old session still carries the old token only.
   */
  async abortAndWait(): Promise<void> {
    let release = () => undefined as void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    this.holding = held;
    try {
      this.inFlight?.abort(SESSION_CHANGING);
      await this.draining?.catch(() => undefined);
      await Promise.all([...this.stopping.values()]);
    } finally {
      // The caller changes the tokens right after; the next drain sends as the new user.
      queueMicrotask(() => {
        if (this.holding === held) this.holding = null;
        release();
      });
    }
  }

  /** Listens to the browser's triggers and drains once. */
  start(): void {
    if (typeof window !== 'undefined') {
      const onOnline = () => void this.networkReturned();
      const onVisible = () => {
        if (document.visibilityState === 'visible') this.kick();
      };
      const onMessage = (e: MessageEvent) => {
        const data = e.data as { type?: string; item?: OutboxRow } | null;
        if (data?.type === 'outbox-sync') this.kick();
        if (data?.type === 'outbox-sent' && data.item) this.announceSent(data.item);
      };
      window.addEventListener('online', onOnline);
      document.addEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.addEventListener('message', onMessage);
      // Other tabs and the service worker send too: the counts follow the table, not this tab.
      const counts = liveQuery(() => this.db.outbox.count()).subscribe({
        next: () => void this.refreshCounts().catch(() => undefined),
        error: (error: unknown) => console.warn('outbox counts', error),
      });
      this.detach.push(
        () => counts.unsubscribe(),
        () => window.removeEventListener('online', onOnline),
        () => document.removeEventListener('visibilitychange', onVisible),
        () => navigator.serviceWorker?.removeEventListener('message', onMessage),
      );
    }
    this.kick();
  }

  stop(): void {
    this.detach.splice(0).forEach((off) => off());
    this.inFlight?.abort('stopped');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SyncSnapshot => this.snapshot;

  /** Called when the server refuses an item for good (here, as it happens): the UI says so. */
  onRefused(listener: (item: OutboxRow, message: string) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /** The signed-in user's items the server refused for good, oldest first, with its reason. */
  async refused<K extends OutboxKindOf<P>>(kind: K): Promise<Array<OutboxItem<K, P>>> {
    const owner = this.currentOwner();
    const rows = await this.db.outbox.where('kind').equals(kind).sortBy('id');
    return rows.filter((r) => r.blocked && (r.owner ?? null) === owner) as Array<OutboxItem<K, P>>;
  }

  /** Gives up an item (the user confirmed): it is never sent. */
  async discard(key: string): Promise<void> {
    await this.db.outbox.where('key').equals(key).delete();
    await this.refreshCounts();
  }

  /**
   * Adds work, owned by the signed-in user unless `owner` is given; an item whose key is
   * already queued is not added twice. Items of one `group` (by default the item alone) are
   * sent in the order queued; one group waiting does not hold another.
   */
  async enqueue<K extends OutboxKindOf<P>>(item: {
    key: string;
    kind: K;
    payload: P[K];
    label: string;
    owner?: string | null;
    group?: string;
  }): Promise<void> {
    const owner = item.owner === undefined ? this.currentOwner() : item.owner;
    await this.db.transaction('rw', this.db.outbox, async () => {
      if (await this.db.outbox.where('key').equals(item.key).count()) return;
      await this.db.outbox.add({
        ...item,
        group: item.group ?? item.key,
        owner,
        createdAt: new Date(this.now()).toISOString(),
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        blocked: false,
      });
    });
    // Asked at once, not only after a failure: the tab may be closed before any attempt ends.
    void registerBackgroundSync();
    // Work waits on the device: the browser must not evict it under storage pressure.
    void requestPersistentStorage().catch(() => undefined);
    this.kick();
  }

  /** The signed-in user's items of one kind still waiting (blocked ones included), oldest first. */
  async pendingOf<K extends OutboxKindOf<P>>(kind: K): Promise<Array<OutboxItem<K, P>>> {
    const owner = this.currentOwner();
    const rows = await this.db.outbox.where('kind').equals(kind).sortBy('id');
    return rows.filter((r) => (r.owner ?? null) === owner) as Array<OutboxItem<K, P>>;
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

  /**
   * The network is back: a send in flight may hang on the dead connection, so it is cut and
   * goes again at once; what waited for a backoff timer goes now (blocked items still wait).
   */
  async networkReturned(): Promise<void> {
    this.inFlight?.abort(NETWORK_RETURNED);
    await this.db.outbox.toCollection().modify((item) => {
      if (!item.blocked) item.nextAttemptAt = 0;
    });
    await this.kick();
  }

  /**
   * Sends whatever this context's user has waiting, now: backoff waived, waiting for another
   * sender to finish first. The service worker's Background Sync event resolves when this does.
   */
  async drainNow(): Promise<void> {
    this.set({ needsLogin: false });
    await this.db.outbox.toCollection().modify((item) => {
      if (!item.blocked) item.nextAttemptAt = 0;
    });
    await this.kick({ waitForLock: true });
  }

  /** This user's items still to send (blocked ones excluded: they wait for the user). */
  async sendable(): Promise<number> {
    const owner = this.currentOwner();
    const items = await this.db.outbox.toArray();
    return items.filter((i) => !i.blocked && (i.owner ?? null) === owner && this.canSend(i)).length;
  }

  private canSend(item: OutboxRow): boolean {
    return this.kinds[item.kind as OutboxKindOf<P>] !== undefined;
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

  /**
   * Starts a drain, or asks the running one to look again when done; resolves when idle.
   * `waitForLock`: when another context is sending, wait for it and then look (the service
   * worker, which must finish within its event), instead of leaving it to them.
   */
  kick(options: { waitForLock?: boolean } = {}): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        // The session is changing: whatever goes next goes as the new user.
        await this.holding;
        do {
          this.again = false;
          await this.withLock(() => this.drain(), options.waitForLock ?? false);
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

  /**
   * One sender across the tabs and the service worker: whoever holds the lock is already
   * sending (and reads the table afresh after each item); the others look again a little later,
   * in case the holder was just finishing.
   */
  private async withLock(run: () => Promise<void>, wait: boolean): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return run();
    if (wait) {
      await locks.request(OUTBOX_LOCK, run);
      return;
    }
    await locks.request(OUTBOX_LOCK, { ifAvailable: true }, async (lock) => {
      if (lock) await run();
      else this.schedule(this.now() + LOCK_BUSY_RETRY_MS);
    });
  }

  private async drain(): Promise<void> {
    await this.refreshCounts();
    if (this.snapshot.needsLogin) return;
    for (;;) {
      const items = await this.db.outbox.orderBy('id').toArray();
      const now = this.now();
      const owner = this.currentOwner();
      // Another user's work waits for them (a shared device); it does not hold this user's. A
      // kind this context has not registered waits for a context that has.
      const waiting = items.filter(
        (i) => !i.blocked && (i.owner ?? null) === owner && this.canSend(i) && !this.stopping.has(i.key),
      );
      // Order matters within a group (a comment's edit after its creation): only the oldest
      // waiting item of each group may go; other groups do not wait for it.
      const heads = new Map<string, OutboxRow>();
      for (const i of waiting) if (!heads.has(groupOf(i))) heads.set(groupOf(i), i);
      const due = [...heads.values()].find((i) => i.nextAttemptAt <= now);
      if (!due) {
        this.schedule(heads.size > 0 ? Math.min(...[...heads.values()].map((i) => i.nextAttemptAt)) : null);
        return;
      }
      const outcome = await this.send(due, waiting);
      await this.refreshCounts();
      if (outcome === 'needs-login' || outcome === 'session-changed') return;
      if (this.stopping.size > 0) {
        // A send cut short has not stopped yet: its item is looked at again once it has.
        const stopped = Promise.all([...this.stopping.values()]);
        void stopped.then(() => this.kick());
      }
    }
  }

  private async send(item: OutboxRow, waiting: readonly OutboxRow[]): Promise<Outcome> {
    const def = this.kinds[item.kind as OutboxKindOf<P>] as OutboxKindDef<OutboxKindOf<P>, P> | undefined;
    const id = item.id as number;
    if (!def) {
      await this.db.outbox.update(id, { blocked: true, lastError: `no handler for ${item.kind}` });
      return 'blocked';
    }
    const typed = item as OutboxItem<OutboxKindOf<P>, P>;
    // A later item of this kind makes this one needless (a newer whole grade): done without a request.
    if (
      def.supersededBy &&
      waiting.some(
        (w) =>
          w.kind === item.kind &&
          (w.id ?? 0) > id &&
          def.supersededBy?.(typed, w as OutboxItem<OutboxKindOf<P>, P>),
      )
    ) {
      await this.db.outbox.delete(id);
      return 'sent';
    }
    this.set({ current: { key: item.key, label: item.label, progress: null } });
    const controller = new AbortController();
    this.inFlight = controller;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(stallTimer);
      stallTimer = setTimeout(() => controller.abort('stalled'), this.stallMs);
    };
    // A send cut short lets the sender go at once; the item waits until that send has stopped.
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(new SendAborted(controller.signal.reason)), {
        once: true,
      }),
    );
    // Once the race is over, a later abort must not surface as an unhandled rejection.
    aborted.catch(() => undefined);
    alive();
    const running = def.send(typed, {
      scope: { signal: controller.signal, asUser: item.owner ?? null },
      signal: controller.signal,
      onProgress: (progress) => {
        alive();
        this.set({ current: { key: item.key, label: item.label, progress } });
      },
      rewritePending: (rewrite) => this.rewritePending(item.kind as OutboxKindOf<P>, rewrite),
    });
    try {
      const result = await Promise.race([running, aborted]);
      await this.db.outbox.delete(id);
      this.announceSent(item, 'here', result);
      return 'sent';
    } catch (error) {
      if (controller.signal.aborted) this.awaitStop(item.key, running);
      if (controller.signal.reason === NETWORK_RETURNED) {
        // Cut by the engine because the network is back: it goes again at once.
        await this.db.outbox.update(id, { nextAttemptAt: 0 });
        this.again = true;
        return 'retry-later';
      }
      if (controller.signal.reason === SESSION_CHANGING) return 'session-changed';
      const outcome = classify(error);
      if (outcome === 'session-changed') return outcome; // nothing was sent; it waits for its owner
      const lastError = errorTexts(error).join(' ');
      if (outcome === 'needs-login') {
        await this.db.outbox.update(id, { lastError });
        this.set({ needsLogin: true });
      } else if (outcome === 'blocked') {
        // Never retried by itself, never holding the items behind it; the user decides.
        await this.db.outbox.update(id, { blocked: true, lastError, attempts: item.attempts + 1 });
        const refused = { ...item, blocked: true, lastError };
        this.refusalListeners.forEach((l) => l(refused, lastError));
      } else {
        const attempts = item.attempts + 1;
        // A limit that clears by itself says when: not sooner (and not later than our backoff).
        const wait = retryAfterMs(error) ?? this.backoff(attempts);
        await this.db.outbox.update(id, { attempts, lastError, nextAttemptAt: this.now() + wait });
        void registerBackgroundSync();
      }
      return outcome;
    } finally {
      clearTimeout(stallTimer);
      if (this.inFlight === controller) this.inFlight = null;
      this.set({ current: null });
    }
  }

  /** Keeps an item out of the queue until its cut-short send has stopped (or SETTLE_MS passed). */
  private awaitStop(key: string, running: Promise<unknown>): void {
    const stopped = Promise.race([
      running.then(
        () => undefined,
        () => undefined,
      ),
      new Promise<void>((r) => setTimeout(r, SETTLE_MS)),
    ]).finally(() => {
      if (this.stopping.get(key) === stopped) this.stopping.delete(key);
    });
    this.stopping.set(key, stopped);
  }

  private schedule(at: number | null): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.set({ nextRetryAt: at });
    if (at === null) return;
    this.timer = setTimeout(() => void this.kick(), Math.max(0, at - this.now()));
  }

  /** Counts only the signed-in user's items: another student's wait unseen for their owner. */
  async refreshCounts(): Promise<void> {
    const owner = this.currentOwner();
    const items = (await this.db.outbox.toArray()).filter((i) => (i.owner ?? null) === owner);
    const blocked = items.filter((i) => i.blocked).length;
    if (items.length !== this.snapshot.pending || blocked !== this.snapshot.blocked) {
      this.set({ pending: items.length, blocked });
    }
  }

  private set(patch: Partial<SyncSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((l) => l());
  }
}

/** The Web Lock held by whoever sends the outbox (a tab or the service worker). */
export const OUTBOX_LOCK = 'ustno-outbox';

/** A send the engine cut short (no answer: it is retried). */
class SendAborted extends Error {
  constructor(readonly reason: unknown) {
    super(`send aborted: ${String(reason)}`);
  }
}

/**
 * Asks the browser to wake the app when the network returns, where it can (Chromium): when work
 * is queued, after a failed attempt, and when a recording starts (a tab that dies mid-exam
 * leaves its recording for the worker to queue).
 */
export async function registerBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const registration = await navigator.serviceWorker.ready;
    const sync = (
      registration as
        (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not supported or not allowed: the online event and the timer still drive the queue.
  }
}
