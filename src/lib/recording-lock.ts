/**
 * One writer per recording: the tab that records holds the Web Lock `ustno-recording:<clientId>`
 * from before its row exists until the recording is queued. Locks are shared by the tabs and
 * the service worker and die with their holder, so a 'recording' row whose lock is free was cut
 * off (a reload, a closed tab, a crash). Works in pages and workers alike (no DOM here).
 */

export const RECORDING_LOCK_PREFIX = 'ustno-recording:';

export const recordingLockName = (clientId: string) => `${RECORDING_LOCK_PREFIX}${clientId}`;

/** The part of the Web Locks API used here (tests pass a fake). */
export type Locks = Pick<LockManager, 'request' | 'query'>;

/** The browser's Web Locks, where it has them (every current browser; not Safari before 15.4). */
export function browserLocks(): Locks | undefined {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : undefined;
}

/**
 * Takes the recording's lock and holds it until the returned function is called. Without Web
 * Locks there is nothing to hold (the caller still works, one tab at a time).
 */
export function holdRecordingLock(clientId: string, locks = browserLocks()): Promise<() => void> {
  if (!locks) return Promise.resolve(() => undefined);
  return new Promise((resolve, reject) => {
    let release = () => undefined as void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    locks
      .request(recordingLockName(clientId), () => {
        resolve(release);
        return held;
      })
      .catch(reject);
  });
}

/** The clientIds whose recording some tab (or worker) is holding now. */
export async function heldRecordingLocks(locks = browserLocks()): Promise<Set<string>> {
  if (!locks) return new Set();
  const { held = [] } = await locks.query();
  return new Set(
    held
      .map((l) => l.name ?? '')
      .filter((name) => name.startsWith(RECORDING_LOCK_PREFIX))
      .map((name) => name.slice(RECORDING_LOCK_PREFIX.length)),
  );
}

/** Resolves once no tab records any more (at once if none does); `signal` gives up waiting. */
export async function whenNoRecordingInProgress(
  options: { locks?: Locks; signal?: AbortSignal } = {},
): Promise<void> {
  const locks = options.locks ?? browserLocks();
  if (!locks) return;
  for (;;) {
    const [clientId] = await heldRecordingLocks(locks);
    if (clientId === undefined) return;
    // Shared: waiting here never holds up another waiter.
    await locks.request(
      recordingLockName(clientId),
      { mode: 'shared', signal: options.signal },
      () => undefined,
    );
  }
}
