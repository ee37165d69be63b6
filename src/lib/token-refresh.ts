import type { tokensSchema } from '@/shared/contract/auth';
import { apiError, toApiError } from './api-status';
import { REFRESH_TRANSPORT_HEADERS } from './tokens';

type Tokens = ReturnType<typeof tokensSchema.parse>;

// The contract (zod) loads with the first renewal, beside its request: every screen's first
// request may renew, and none should wait for zod to be drawn.
const authContract = () => import('@/shared/contract/auth');

/** The Web Lock every rotation of the refresh token takes: tabs and the service worker alike. */
export const TOKEN_REFRESH_LOCK = 'ustno-token-refresh';

/** A renewal that hangs fails (and is retried later) instead of holding every request. */
const REFRESH_TIMEOUT_MS = 30_000;

/**
 * Runs one rotation at a time across the tabs and the service worker: two at once would make the
 * server see a replay of the same refresh token.
 */
export async function underRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request(TOKEN_REFRESH_LOCK, run);
  }
  return run();
}

/**
 * Renews the tokens with the HttpOnly refresh cookie (page scripts never see it), or once with
 * a refresh token an older version kept in the page (`legacy`). Throws ApiError: 401 when the
 * session is over for good, a 5xx or no answer when it is worth trying again later.
 */
export async function postRefresh(legacy?: string | null): Promise<Tokens> {
  const contract = authContract();
  // Its failure is the renewal's, reported below (never an unhandled rejection).
  contract.catch(() => undefined);
  let res: Response;
  try {
    res = await fetch('/api/auth/refresh-token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...REFRESH_TRANSPORT_HEADERS, ...(legacy ? { authorization: `Bearer ${legacy}` } : {}) },
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
  } catch (error) {
    throw toApiError(error);
  }
  if (!res.ok) throw await apiError(res);
  const [{ tokensSchema }, body] = await Promise.all([contract, res.json()]);
  return tokensSchema.parse(body);
}
