/**
 * The HTTP status of a failed call (API client or upload); undefined when none came. ofetch's
 * FetchError is recognised by name, so that the app shell can classify errors without loading
 * the HTTP client.
 */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof Error && error.name === 'FetchError') {
    const failed = error as Error & { response?: unknown; status?: number };
    return failed.response ? failed.status : undefined;
  }
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * How long the server asked to wait before trying again (a 429's or 503's `Retry-After`, in
 * seconds or as an HTTP date), in ms; undefined when it did not say.
 */
export function retryAfterMs(error: unknown, now: number = Date.now()): number | undefined {
  const response = (error as { response?: { headers?: Headers } } | null)?.response;
  const value = response?.headers?.get?.('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
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
