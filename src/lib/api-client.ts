import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import type { z } from 'zod';
import { tokensSchema } from '../shared/contract/auth';
import { tokenStore } from './tokens';

export interface ApiOptions<S extends z.ZodType | undefined = undefined> extends Omit<
  FetchOptions<'json'>,
  'responseType'
> {
  /** Parses the answer with the contract schema. */
  schema?: S;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

let refreshing: Promise<void> | null = null;

async function rotateTokens(): Promise<void> {
  const before = tokenStore.refresh();
  if (!before) throw new FetchError('no refresh token');
  const run = async () => {
    // Another tab may have rotated the token while this one waited for the lock.
    const current = tokenStore.refresh();
    if (current && current !== before) return;
    if (!current) throw new FetchError('no refresh token');
    const tokens = await ofetch('/api/auth/refresh-token', {
      method: 'POST',
      headers: { authorization: `Bearer ${current}` },
      retry: 0,
    });
    tokenStore.set(tokensSchema.parse(tokens));
  };
  // One rotation at a time across tabs: a refresh token presented twice revokes the session.
  if (typeof navigator !== 'undefined' && navigator.locks) {
    await navigator.locks.request('ustno-token-refresh', run);
  } else {
    await run();
  }
}

/** Refreshes the tokens once for all requests that got a 401 at the same time. */
export function refreshTokens(): Promise<void> {
  refreshing ??= rotateTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withBearer(headers: FetchOptions['headers']): Headers {
  const h = new Headers(headers as HeadersInit | undefined);
  const token = tokenStore.access();
  if (token) h.set('authorization', `Bearer ${token}`);
  return h;
}

/**
 * Calls the API with the stored bearer. A 401 refreshes the tokens once and retries the request
 * once with the new access token; a failed refresh passes its error on.
 */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiOptions<S> = {},
): Promise<Result<S>> {
  const { schema, ...rest } = options;
  const send = () => ofetch(path, { ...rest, retry: 0, headers: withBearer(rest.headers) });
  let data: unknown;
  try {
    data = await send();
  } catch (error) {
    if (!(error instanceof FetchError) || error.status !== 401 || !tokenStore.refresh()) throw error;
    await refreshTokens();
    data = await send();
  }
  return (schema ? schema.parse(data) : data) as Result<S>;
}

/** A failed call of `apiBlob`: status and parsed error body, as the error catalogue reads them. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'HttpError';
  }
}

async function httpError(res: Response): Promise<HttpError> {
  const text = await res.text().catch(() => '');
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON: the catalogue falls back to its generic text.
  }
  return new HttpError(res.status, data);
}

/**
 * Downloads a binary answer (a zip) with the stored bearer and the same refresh rule as `api`:
 * a 401 refreshes the tokens once and retries once. A failed answer throws an HttpError with
 * its JSON body; no answer at all throws what fetch threw (the catalogue's 'no response').
 */
export async function apiBlob(path: string, init: { signal?: AbortSignal } = {}): Promise<Blob> {
  const send = () => fetch(path, { headers: withBearer(undefined), signal: init.signal });
  let res = await send();
  if (res.status === 401 && tokenStore.refresh()) {
    await refreshTokens();
    res = await send();
  }
  if (!res.ok) throw await httpError(res);
  return res.blob();
}

/** The HTTP status of a failed call (API client or upload); undefined when none came. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof FetchError) return error.response ? error.status : undefined;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** True when the request got no answer at all (offline, DNS, refused, aborted). */
export function isNoResponse(error: unknown): boolean {
  return errorStatus(error) === undefined;
}
