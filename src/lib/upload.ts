import { RECORDING_PART_BYTES, uploadStatusSchema, type UploadStatus } from '@/shared/contract/student';
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
  putPart(part: number, bytes: Blob): Promise<void>;
  complete(): Promise<void>;
}

/** A stalled part must not hold the sender: 256 KiB in a minute is ~35 kbit/s. */
export const PART_TIMEOUT_MS = 60_000;
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
    putPart: async (part, bytes) => {
      await api(`${base}/parts/${part}`, {
        ...scope,
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
        timeout: PART_TIMEOUT_MS,
      });
    },
    complete: async () => {
      await api(`${base}/complete`, {
        ...scope,
        method: 'POST',
        body: completeBody,
        timeout: COMPLETE_TIMEOUT_MS,
      });
    },
  };
}

/**
 * Sends `blob` in parts and completes it, resuming where the server stands: asks which parts it
 * holds, sends only the others, then completes. A connection lost midway costs at most the part
 * in flight; the next attempt (the outbox retries) goes on from there. When the complete finds
 * parts missing (purged while the device was away), one more round resends them.
 */
export async function sendInParts(
  transport: PartsTransport,
  blob: Blob,
  options: { partBytes?: number; onProgress?: (fraction: number) => void } = {},
): Promise<void> {
  const partBytes = options.partBytes ?? RECORDING_PART_BYTES;
  const count = Math.max(1, Math.ceil(blob.size / partBytes));
  for (let round = 0; ; round++) {
    const status = await transport.status();
    if (status.recordingId !== null) return; // completed before; its answer was lost
    const held = new Map(status.parts.map((p) => [p.part, p.size]));
    let done = 0;
    for (let part = 0; part < count; part++) {
      const bytes = blob.slice(part * partBytes, Math.min(blob.size, (part + 1) * partBytes));
      if (held.get(part) !== bytes.size) await transport.putPart(part, bytes);
      done += bytes.size;
      options.onProgress?.(done / blob.size);
    }
    try {
      await transport.complete();
      return;
    } catch (error) {
      if (round > 0 || errorStatus(error) !== 409) throw error;
    }
  }
}
