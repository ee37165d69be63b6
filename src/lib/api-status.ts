/**
 * Every failure of a call to the API, from every client path (JSON calls, binary downloads, form
 * uploads, the parts of a recording, token renewals): the status (undefined when no answer came
 * at all: offline, timed out, aborted), the answer's parsed body, and whether waiting could
 * change it. Kept apart from the HTTP client so the app shell can classify errors without
 * loading it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly data: unknown = null,
    /** How long the server asked to wait before trying again (`Retry-After`), in ms. */
    readonly retryAfterMs?: number,
    options?: { cause?: unknown },
  ) {
    super(status === undefined ? 'no response' : `HTTP ${status}`, options);
    this.name = 'ApiError';
  }

  /** The server's own words (`message`), when its answer had them. */
  get serverMessage(): string | undefined {
    const message = (this.data as { message?: unknown } | null)?.message;
    return typeof message === 'string' && message.length > 0 ? message : undefined;
  }

  /**
   * The server's final word: a 4xx that waiting will not change. 401 (log in again), 408, 425
   * and 429 (they clear by themselves), 5xx and no answer at all are temporary.
   */
  get final(): boolean {
    const { status } = this;
    return status !== undefined && status >= 400 && status < 500 && ![401, 408, 425, 429].includes(status);
  }
}

/** Reads a `Retry-After` header (seconds or an HTTP date) as ms from now. */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The API's error for what a fetch library threw (ofetch's FetchError, recognised by name, or a
 * network/abort error): anything else (a schema error, a SessionChangedError) passes unchanged.
 */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof Error && error.name === 'FetchError') {
    const failed = error as Error & { response?: Response; status?: number; data?: unknown };
    if (!failed.response) return new ApiError(undefined, null, undefined, { cause: error });
    return new ApiError(
      failed.status,
      failed.data ?? null,
      parseRetryAfter(failed.response.headers.get('retry-after')),
      { cause: error },
    );
  }
  if (
    error instanceof Error &&
    (error.name === 'AbortError' || error.name === 'TimeoutError' || error instanceof TypeError)
  ) {
    return new ApiError(undefined, null, undefined, { cause: error });
  }
  return error;
}

/** The error of a failed answer, with its JSON body when it has one. */
export async function apiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON: the catalogue falls back to its generic text.
  }
  return new ApiError(res.status, data, parseRetryAfter(res.headers.get('retry-after')));
}

/** The HTTP status of a failed call; undefined when none came (or it was no API error). */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** How long the server asked to wait before trying again, in ms; undefined when it did not say. */
export function retryAfterMs(error: unknown): number | undefined {
  return error instanceof ApiError ? error.retryAfterMs : undefined;
}

/**
 * A request that was not sent because the session is no longer the one it must go under (the
 * item's owner logged out, or another user logged in on this device): nothing reached the server.
 */
export class SessionChangedError extends Error {
  constructor(
    readonly expected: string | null,
    readonly actual: string | null,
  ) {
    super('the session changed: not sent under another user');
    this.name = 'SessionChangedError';
  }
}
