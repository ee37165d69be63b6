import { ofetch, type FetchOptions } from 'ofetch';
import type { z } from 'zod';
import { ApiError, apiError, errorStatus, SessionChangedError, toApiError } from './api-status';
import { postRefresh, underRefreshLock } from './token-refresh';
import { tokenStore, tokenSubject } from './tokens';

export interface ApiOptions<S extends z.ZodType | undefined = undefined> extends Omit<
  FetchOptions<'json'>,
  'responseType'
> {
  /**
   * Parses the answer with the contract schema; or loads it beside the request (a screen that
   * draws from the cache first need not wait for zod and the contracts to draw).
   */
  schema?: S | (() => Promise<S>);
  /**
   * Whose request this is (an outbox item's owner): it goes only under that user's session,
   * checked before every attempt (a renewal may bring another user's token); else it is not sent
   * and throws SessionChangedError. Undefined: whoever is signed in.
   */
  asUser?: string | null;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

/** How long a JSON call may take before it counts as no answer (a stalled connection). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Runs `run` with the caller's signal, also aborted after `ms` (a hung request must not hold
 * anyone); the timer is cleared once `run` settles.
 */
export async function withTimeout<T>(
  signal: AbortSignal | undefined | null,
  ms: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal?.reason);
  if (signal?.aborted) abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * Where the bearer comes from and how it is renewed: the page's token store by default; the
 * service worker, which cannot read the page's storage, brings its own.
 */
export interface SessionSource {
  accessToken(): string | null;
  /** True when a 401 may be answered by renewing the tokens. */
  canRefresh(): boolean;
  /** Renews the tokens; throws when the session is over. */
  refresh(): Promise<void>;
}

async function rotateStoredTokens(): Promise<void> {
  const before = tokenStore.access();
  if (!before) throw new ApiError(401);
  await underRefreshLock(async () => {
    // Another tab may have rotated the token while this one waited for the lock.
    const current = tokenStore.access();
    if (current && current !== before) return;
    if (!current) throw new ApiError(401);
    // A token an older version stored is exchanged once for the cookie; then only the cookie is used.
    tokenStore.set(await postRefresh(tokenStore.legacyRefresh()));
  });
}

const pageSession: SessionSource = {
  accessToken: () => tokenStore.access(),
  canRefresh: () => tokenStore.hasSession(),
  refresh: rotateStoredTokens,
};

let session: SessionSource = pageSession;

/** The service worker authenticates by itself (it has no access to the page's tokens). */
export function setSessionSource(source: SessionSource): void {
  session = source;
}

let refreshing: Promise<void> | null = null;

/** Refreshes the tokens once for all requests that got a 401 at the same time. */
export function refreshTokens(): Promise<void> {
  refreshing ??= session.refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The session rule of every request (JSON, binary downloads, uploads): a 401 renews the tokens
 * once, shared with the requests that got one at the same time, and runs the request once more
 * with the new bearer; a failed renewal passes its error on.
 */
export async function withSession<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (errorStatus(error) !== 401 || !session.canRefresh()) throw error;
    await refreshTokens();
    return send();
  }
}

/** The current bearer header value, if a session exists. */
export function bearer(): string | null {
  const token = session.accessToken();
  return token ? `Bearer ${token}` : null;
}

/**
 * The request's headers with the session's bearer. `asUser` (when given) must be the session's
 * user: a request is never sent under another account (a shared device, a login in another tab).
 */
export function withBearer(headers: FetchOptions['headers'] | HeadersInit, asUser?: string | null): Headers {
  const h = new Headers(headers as HeadersInit | undefined);
  const token = session.accessToken();
  if (asUser !== undefined) {
    const actual = tokenSubject(token);
    if (actual !== asUser) throw new SessionChangedError(asUser, actual);
  }
  if (token) h.set('authorization', `Bearer ${token}`);
  return h;
}

/**
 * Calls the API with the session's bearer, under the session rule (`withSession`); each attempt
 * times out after `timeout` ms (REQUEST_TIMEOUT_MS unless given).
 */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiOptions<S> = {},
): Promise<Result<S>> {
  const { schema, timeout = REQUEST_TIMEOUT_MS, signal, asUser, ...rest } = options;
  const loading = typeof schema === 'function' ? schema() : schema;
  // The request's own failure comes first (offline says offline); the schema's is reported after.
  if (loading instanceof Promise) loading.catch(() => undefined);
  const data: unknown = await withSession(() =>
    withTimeout(signal, timeout, (attempt) =>
      ofetch(path, { ...rest, retry: 0, headers: withBearer(rest.headers, asUser), signal: attempt }),
    ).catch((error: unknown) => {
      throw toApiError(error);
    }),
  );
  const parser = await loading;
  return (parser ? parser.parse(data) : data) as Result<S>;
}

/**
 * Downloads a binary answer (a zip) under the same session rule as `api`. A failed answer
 * throws an ApiError with its JSON body; no answer at all throws what fetch threw (the
 * catalogue's 'no response').
 */
export async function apiBlob(path: string, init: { signal?: AbortSignal } = {}): Promise<Blob> {
  const res = await withSession(async () => {
    const answer = await fetch(path, { headers: withBearer(undefined), signal: init.signal }).catch(
      (error: unknown) => {
        throw toApiError(error);
      },
    );
    if (!answer.ok) throw await apiError(answer);
    return answer;
  });
  return res.blob().catch((error: unknown) => {
    throw toApiError(error);
  });
}

// Kept apart so that the app shell can classify errors without loading the HTTP client.
export { ApiError, errorStatus } from './api-status';
