import { tokensSchema } from '../shared/contract/auth';
import { apiError, type SessionSource } from './api-client';
import { REFRESH_TRANSPORT_HEADERS } from './tokens';
import { tokenSubject } from './tokens';

export interface WorkerSession extends SessionSource {
  /** The user the current access token belongs to (whose outbox items may go). */
  userId(): string | null;
}

/**
 * The service worker's own session: it cannot read the page's storage, so it asks for an
 * access token with the HttpOnly refresh cookie (which the page's scripts never see) and keeps
 * it in memory only. Rotations are serialized with the tabs' (one Web Lock), since the server
 * takes a token presented twice for theft.
 */
const REFRESH_TIMEOUT_MS = 30_000;

export function createWorkerSession(): WorkerSession {
  let access: string | null = null;
  const rotate = async () => {
    // A hung refresh must not hold the sync event until the browser kills it: it fails, and the
    // browser retries the event later.
    const res = await fetch('/api/auth/refresh-token', {
      method: 'POST',
      credentials: 'same-origin',
      headers: REFRESH_TRANSPORT_HEADERS,
      signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
    });
    if (!res.ok) {
      // Refused for good: the session is over. A 5xx or 429 leaves it as it was (try again later).
      if (res.status === 401 || res.status === 403) access = null;
      throw await apiError(res);
    }
    access = tokensSchema.parse(await res.json()).access_token;
  };
  return {
    accessToken: () => access,
    canRefresh: () => true,
    refresh: async () => {
      if (typeof navigator !== 'undefined' && navigator.locks) {
        await navigator.locks.request('ustno-token-refresh', rotate);
      } else {
        await rotate();
      }
    },
    userId: () => tokenSubject(access),
  };
}
