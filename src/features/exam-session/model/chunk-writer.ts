/** Whether everything recorded so far is on the device. */
export interface StorageHealth {
  /** The last write failed and is being retried (null when writes go through). */
  error: unknown;
  /** Writes waiting in memory (the failed one and everything recorded after it). */
  unsaved: number;
  /** A write failed earlier in this recording and has since gone through. */
  recovered: boolean;
}

/** What the writer needs of the device database. */
export interface ChunkSink {
  /** Makes the database usable again after it was closed under us (retried after a failure). */
  reopen(): Promise<void>;
}

interface PendingWrite {
  write: () => Promise<void>;
  blob?: Blob;
}

/** Waits between retries of a failed write: quick at first, then every few seconds. */
export const RETRY_DELAYS_MS = [250, 1000, 2000, 5000];

/**
 * Writes a recording's chunks (and its progress) to the device database strictly in order.
 * A failed write (quota, a closed database) stays in memory with everything after it and is
 * retried until it goes through: no chunk is ever dropped, and `onHealth` tells the screen.
 */
export class ChunkWriter {
  private readonly queue: PendingWrite[] = [];
  private running: Promise<void> | null = null;
  private health: StorageHealth = { error: null, unsaved: 0, recovered: false };

  constructor(
    private readonly sink: ChunkSink,
    private readonly options: {
      onHealth?: (health: StorageHealth) => void;
      sleep?: (ms: number) => Promise<void>;
      retryDelaysMs?: number[];
    } = {},
  ) {}

  /** Queues a write; `blob` is the chunk it stores (kept for `unsavedBlobs` until written). */
  push(write: () => Promise<void>, blob?: Blob): void {
    this.queue.push({ write, blob });
    if (this.health.error) this.report({});
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once every queued write went through (retrying meanwhile, however long it takes). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  getHealth(): StorageHealth {
    return this.health;
  }

  /** The chunks not yet on the device, in order (for saving the recording as a file). */
  unsavedBlobs(): Blob[] {
    return this.queue.flatMap((w) => (w.blob ? [w.blob] : []));
  }

  private async drain(): Promise<void> {
    let failures = 0;
    while (this.queue.length > 0) {
      try {
        await this.queue[0].write();
        this.queue.shift();
        if (failures > 0) this.report({ error: null, recovered: true });
        failures = 0;
      } catch (error) {
        failures += 1;
        this.report({ error });
        const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
        await (this.options.sleep ?? sleep)(delays[Math.min(failures - 1, delays.length - 1)]);
        await this.sink.reopen().catch(() => undefined);
      }
    }
    this.report({});
  }

  private report(patch: Partial<StorageHealth>): void {
    const next = { ...this.health, ...patch, unsaved: this.queue.length };
    const h = this.health;
    if (next.error === h.error && next.unsaved === h.unsaved && next.recovered === h.recovered) return;
    this.health = next;
    this.options.onHealth?.(next);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
