import type { LocalRecording } from '@/lib/local-db';
import { type Locks, recordingLockName } from '@/lib/recording-lock';

export interface InterruptedWatcherDeps {
  store: {
    recordingNow(): Promise<LocalRecording[]>;
    get(clientId: string): Promise<LocalRecording | undefined>;
  };
  /** Without Web Locks nothing is finished here: the banner offers to send by hand. */
  locks: Locks | undefined;
  /** Flags the recording as interrupted and queues it. */
  finish(recording: LocalRecording): Promise<void>;
}

/**
 * Sends cut-off recordings by themselves: a recording whose row still says 'recording' while
 * nobody holds its lock was interrupted (a reload, a closed tab, a crash, the student left the
 * exam). Each such row is waited on through its lock: free now, it is finished at once; held by
 * a tab that records it, it is looked at again when that tab lets go, and finished only if its
 * row still says 'recording' (a normal end queues it first). Finishing under the lock means
 * two tabs never finish one recording twice.
 */
export class InterruptedRecordingWatcher {
  private readonly waiting = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: InterruptedWatcherDeps) {}

  /**
   * Looks at every recording still 'recording': resolves once those nobody holds are finished;
   * the held ones are waited on in the background.
   */
  async check(): Promise<void> {
    const { locks } = this.deps;
    if (!locks || this.abort.signal.aborted) return;
    const rows = await this.deps.store.recordingNow();
    await Promise.all(
      rows
        .filter((r) => !this.waiting.has(r.clientId))
        .map(async (r) => {
          const name = recordingLockName(r.clientId);
          const handled = await locks.request(name, { ifAvailable: true }, async (lock) => {
            if (!lock) return false;
            await this.finishIfCutOff(r.clientId);
            return true;
          });
          if (!handled) this.waitFor(locks, r.clientId);
        }),
    );
  }

  /** Resolves once every recording waited on now was looked at (for tests and shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.waiting.values()]);
  }

  /** Stops waiting (the waits in progress are given up). */
  stop(): void {
    this.abort.abort();
  }

  private waitFor(locks: Locks, clientId: string): void {
    const wait: Promise<void> = locks
      .request(recordingLockName(clientId), { signal: this.abort.signal }, () =>
        this.finishIfCutOff(clientId),
      )
      .then(() => undefined)
      .catch((error: unknown) => {
        if ((error as { name?: string } | null)?.name !== 'AbortError') console.warn(error);
      })
      .finally(() => this.waiting.delete(clientId));
    this.waiting.set(clientId, wait);
  }

  private async finishIfCutOff(clientId: string): Promise<void> {
    const row = await this.deps.store.get(clientId);
    if (row?.status === 'recording') await this.deps.finish(row);
  }
}

/** A recording no tab has written to for this long, with nobody holding it, was cut off. */
export const ABANDONED_AFTER_MS = 60_000;

/**
 * For the service worker, which cannot wait on locks as a page does: a recording still
 * 'recording' that nobody holds (no Web Lock) and whose last chunk is older than a minute is
 * finished (queued as interrupted) under its lock. Answers how many recordings are still being
 * made (held, or written to within the minute), so that the worker asks to be woken again.
 */
export async function finishAbandonedRecordings(deps: InterruptedWatcherDeps, now: number): Promise<number> {
  const { locks } = deps;
  if (!locks) return 0;
  let live = 0;
  for (const row of await deps.store.recordingNow()) {
    if (now - Date.parse(row.updatedAt) < ABANDONED_AFTER_MS) {
      live += 1;
      continue;
    }
    const handled = await locks.request(
      recordingLockName(row.clientId),
      { ifAvailable: true },
      async (lock) => {
        if (!lock) return false;
        const current = await deps.store.get(row.clientId);
        if (current?.status === 'recording') await deps.finish(current);
        return true;
      },
    );
    if (!handled) live += 1;
  }
  return live;
}
