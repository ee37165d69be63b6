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

/** True when the request got no answer at all (offline, DNS, refused, aborted). */
export function isNoResponse(error: unknown): boolean {
  return errorStatus(error) === undefined;
}
