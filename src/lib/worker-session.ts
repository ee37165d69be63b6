import type { SessionSource } from './api-client';
import { errorStatus } from './api-status';
import { postRefresh, underRefreshLock } from './token-refresh';
import { tokenSubject } from './tokens';

export interface WorkerSession extends SessionSource {
  /** The user the current access token belongs to (whose outbox items may go). */
  userId(): string | null;
}

/**
 * The service worker's own session: it cannot read the page's storage, so it asks for an
 * access token with the HttpOnly refresh cookie and keeps it in memory only. Rotations are
 * serialized with the tabs' (one Web Lock), since the server takes a token presented twice for
 * theft. Refused for good (401, 403), the session is over; a 5xx, 429 or no answer leaves it as
 * it was, to be tried again later.
 */
export function createWorkerSession(): WorkerSession {
  let access: string | null = null;
  return {
    accessToken: () => access,
    canRefresh: () => true,
    refresh: () =>
      underRefreshLock(async () => {
        try {
          access = (await postRefresh()).access_token;
        } catch (error) {
          const status = errorStatus(error);
          if (status === 401 || status === 403) access = null;
          throw error;
        }
      }),
    userId: () => tokenSubject(access),
  };
}
