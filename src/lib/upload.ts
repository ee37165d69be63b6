import {
  RECORDING_PART_BYTES,
  RECORDING_PART_MAX_BYTES,
  UPLOAD_SLOT_TIMING,
  uploadStatusSchema,
  type UploadStatus,
} from '@/shared/contract/student';
import { api, ApiError, bearer, errorStatus, withSession } from './api-client';
import { parseRetryAfter } from './api-status';

function parseBody(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function sendWithProgress(
  url: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(undefined));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const authorization = bearer();
    if (authorization) xhr.setRequestHeader('authorization', authorization);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      const data = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data);
      else reject(new ApiError(xhr.status, data, parseRetryAfter(xhr.getResponseHeader('retry-after'))));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(undefined));
    };
    xhr.onabort = xhr.onerror;
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form with upload progress (fetch has none), under the API client's session
 * rule (`withSession`).
 */
export function uploadForm(
  url: string,
  buildForm: () => FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  return withSession(() => sendWithProgress(url, buildForm(), onProgress, signal));
}

/** How a resumable upload talks to the server: what it holds, one part, and the final join. */
export interface PartsTransport {
  status(): Promise<UploadStatus>;
  /**
   * `offset`: where the part's bytes start in the recording. Answers how long the server held
   * the request before reading it (ms; 0 when it did not say): no time of the link's.
   */
  putPart(part: number, bytes: Blob, offset: number): Promise<number>;
  /** Parts 0..parts-1 are the recording. */
  complete(parts: number): Promise<void>;
}

/**
 * A stalled part must not hold the sender: 256 KiB in a minute is ~35 kbit/s. Larger parts go
 * only where one of 256 KiB took under a second per 256 KiB, far inside this.
 */
export const PART_TIMEOUT_MS = 60_000;

/** How long a part may take for the next to grow: a cut connection costs at most about this. */
const PART_TARGET_MS = 4_000;

/**
 * The size of the next part after `sent` bytes took `ms`: whole `unit`s (the first part's size)
 * that the link carried in PART_TARGET_MS, from one unit up to `max`. On a good link a part of
 * 1 MiB is a quarter of the requests (and of the server's work for them); on a weak one a
 * dropped part costs little.
 *
 * `unreadMs`: how long of `ms` the server held the part unread (its upload slot's queue), left
 * out. Its bytes may have crossed the link meanwhile (into the sockets' buffers), so such a
 * part's time says less of the link: the next one then at most doubles.
 */
export function nextPartBytes(
  sent: number,
  ms: number,
  unit = RECORDING_PART_BYTES,
  max = RECORDING_PART_MAX_BYTES,
  unreadMs = 0,
) {
  const linkMs = ms - unreadMs;
  const carried = linkMs > 0 ? (sent / linkMs) * PART_TARGET_MS : max;
  const grown = Math.max(unit, Math.min(max, Math.floor(carried / unit) * unit));
  return unreadMs > 0 ? Math.min(grown, 2 * Math.max(unit, Math.ceil(sent / unit) * unit)) : grown;
}
/**
 * The wait a `Server-Timing` header reports for UPLOAD_SLOT_TIMING (`slot;dur=1234`), in ms; 0
 * when the header is absent or says nothing of it.
 */
export function serverSlotWaitMs(header: string | null | undefined): number {
  for (const metric of (header ?? '').split(',')) {
    const [name, ...params] = metric.split(';').map((p) => p.trim());
    if (name !== UPLOAD_SLOT_TIMING) continue;
    const dur = params.find((p) => p.startsWith('dur='));
    const ms = dur === undefined ? NaN : Number(dur.slice(4));
    return Number.isFinite(ms) && ms > 0 ? ms : 0;
  }
  return 0;
}

/** The server joins up to 200 MB of parts before it answers. */
const COMPLETE_TIMEOUT_MS = 120_000;
const STATUS_TIMEOUT_MS = 30_000;

/** What every request of one send carries: the engine's abort signal and the owner it goes as. */
export interface SendScope {
  signal?: AbortSignal;
  asUser?: string | null;
}

/**
 * The API's resumable upload at `base` (`GET base`, `PUT base/parts/{n}`, `POST base/complete`
 * with `completeBody`), each request with its own timeout, the API client's session rule and
 * the send's scope (aborted with it, only under its owner's session).
 */
export function apiPartsTransport(
  base: string,
  completeBody: Record<string, unknown>,
  scope: SendScope = {},
): PartsTransport {
  return {
    status: () => api(base, { ...scope, schema: uploadStatusSchema, timeout: STATUS_TIMEOUT_MS }),
    putPart: async (part, bytes, offset) => {
      let waited = 0;
      await api(`${base}/parts/${part}?offset=${offset}`, {
        ...scope,
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
        timeout: PART_TIMEOUT_MS,
        onResponse: ({ response }) => {
          waited = serverSlotWaitMs(response.headers.get('server-timing'));
        },
      });
      return waited;
    },
    complete: async (parts) => {
      await api(`${base}/complete`, {
        ...scope,
        method: 'POST',
        body: { ...completeBody, parts },
        timeout: COMPLETE_TIMEOUT_MS,
      });
    },
  };
}

/**
 * Whether a part the server holds, `size` bytes from `offset`, can stay: it ends at the
 * recording's end, or it is whole units and more follows. Parts sent in order lie one after
 * another, so the held ones, walked from the start, are where this device put them.
 */
function keeps(size: number, offset: number, total: number, unit: number): boolean {
  const end = offset + size;
  return size > 0 && (end === total || (end < total && size % unit === 0));
}

/**
 * Sends `blob` in parts and completes it, resuming where the server stands: asks which parts it
 * holds (unless nothing was ever sent: `fresh`), sends only the others, then completes. A connection lost midway costs at most the part
 * in flight; the next attempt (the outbox retries) goes on from there. When the complete finds
 * parts missing (purged while the device was away), one more round resends them. The first part
 * sent is `partBytes`; the next ones grow with the link (`nextPartBytes`) up to `maxPartBytes`:
 * by the time a part took less the time the server said it held it unread (in a class burst
 * parts queue for the server's upload slots, and would otherwise stay at the first size, four
 * times the requests, just when the server is busiest).
 */
export async function sendInParts(
  transport: PartsTransport,
  blob: Blob,
  options: {
    partBytes?: number;
    maxPartBytes?: number;
    onProgress?: (fraction: number) => void;
    now?: () => number;
    /**
     * Nothing of this upload was ever sent: the server holds no part of it and no recording, so
     * the first round does not ask (a request, and a round trip on a slow link, fewer).
     */
    fresh?: boolean;
  } = {},
): Promise<void> {
  const unit = options.partBytes ?? RECORDING_PART_BYTES;
  const max = Math.max(unit, options.maxPartBytes ?? RECORDING_PART_MAX_BYTES);
  const now = options.now ?? (() => performance.now());
  let size = unit;
  for (let round = 0; ; round++) {
    const status: UploadStatus =
      round === 0 && options.fresh ? { parts: [], recordingId: null } : await transport.status();
    if (status.recordingId !== null) return; // completed before; its answer was lost
    const held = new Map(status.parts.map((p) => [p.part, p.size]));
    let offset = 0;
    let part = 0;
    do {
      const kept = held.get(part);
      let sent: number;
      if (kept !== undefined && keeps(kept, offset, blob.size, unit)) {
        sent = kept;
      } else {
        sent = Math.min(size, blob.size - offset);
        const started = now();
        const unread = await transport.putPart(part, blob.slice(offset, offset + sent), offset);
        size = nextPartBytes(sent, now() - started, unit, max, unread);
      }
      offset += sent;
      part += 1;
      options.onProgress?.(blob.size > 0 ? offset / blob.size : 1);
    } while (offset < blob.size);
    try {
      await transport.complete(part);
      return;
    } catch (error) {
      if (round > 0 || errorStatus(error) !== 409) throw error;
    }
  }
}
