import { MEDIA_CACHE } from '@/lib/media-cache';
import { RECORDING_BITS_PER_SECOND } from './recorder-devices';
/** Room for what the estimate leaves out: container overhead, peaks, the query cache growing. */
const SPARE_BYTES = 2 * 1024 * 1024;

/** Bytes an exam's recording may take: its speaking time at the recorder's bitrate, doubled. */
export function bytesNeeded(speakingSeconds: number): number {
  return Math.ceil(speakingSeconds * (RECORDING_BITS_PER_SECOND / 8) * 2) + SPARE_BYTES;
}

export type StorageCheck =
  | { kind: 'unknown' }
  | { kind: 'enough'; freedMedia: number }
  | { kind: 'short'; availableBytes: number; neededBytes: number; freedMedia: number };

export interface StorageDeps {
  estimate?: () => Promise<StorageEstimate>;
  caches?: Pick<CacheStorage, 'open' | 'has'>;
}

const browserStorage = (): StorageDeps => ({
  estimate:
    typeof navigator !== 'undefined' ? navigator.storage?.estimate?.bind(navigator.storage) : undefined,
  caches: typeof caches !== 'undefined' ? caches : undefined,
});

async function available(estimate: () => Promise<StorageEstimate>): Promise<number | null> {
  const { quota, usage } = await estimate();
  return quota === undefined ? null : quota - (usage ?? 0);
}

/**
 * Is there room on the device for this exam's recording? If not, frees the media cache first
 * (keeping `keepPaths`, the files this exam's tasks show) and looks again.
 */
export async function ensureStorageFor(
  speakingSeconds: number,
  keepPaths: ReadonlySet<string>,
  deps: StorageDeps = browserStorage(),
): Promise<StorageCheck> {
  const { estimate } = deps;
  if (!estimate) return { kind: 'unknown' };
  const neededBytes = bytesNeeded(speakingSeconds);
  const before = await available(estimate);
  if (before === null) return { kind: 'unknown' };
  if (before >= neededBytes) return { kind: 'enough', freedMedia: 0 };
  const freedMedia = await freeMediaCache(keepPaths, deps.caches);
  const after = (await available(estimate)) ?? before;
  return after >= neededBytes
    ? { kind: 'enough', freedMedia }
    : { kind: 'short', availableBytes: Math.max(0, after), neededBytes, freedMedia };
}

/** Deletes the cached media this exam does not need; answers how many files went. */
async function freeMediaCache(
  keepPaths: ReadonlySet<string>,
  cacheStorage: StorageDeps['caches'],
): Promise<number> {
  if (!cacheStorage || !(await cacheStorage.has(MEDIA_CACHE))) return 0;
  const cache = await cacheStorage.open(MEDIA_CACHE);
  let freed = 0;
  for (const request of await cache.keys()) {
    if (keepPaths.has(new URL(request.url).pathname)) continue;
    if (await cache.delete(request)) freed += 1;
  }
  return freed;
}
