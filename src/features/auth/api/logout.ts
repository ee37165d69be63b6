import { clearMediaCache } from '../../../lib/media-cache';
import { clearQueryCache } from '../../../lib/query-client';
import { REFRESH_TRANSPORT_HEADERS, tokenStore } from '../../../lib/tokens';

/** Ends the session on the server as far as the network allows; never holds the logout up. */
async function endServerSession(): Promise<void> {
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'same-origin',
      headers: REFRESH_TRANSPORT_HEADERS,
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    // Offline: the cookie stays until it expires, but this device forgets the session anyway.
  }
}

/**
 * Opening /login ends the session on this device: the server session, tokens, cached answers
 * and cached media go (the next user of a shared device must not see them). Unsent work stays
 * for its owner.
 */
export async function logout(): Promise<void> {
  if (tokenStore.hasSession()) await endServerSession();
  tokenStore.clear();
  await Promise.all([clearQueryCache(), clearMediaCache()]);
  // The pending badge now counts nobody's items (loaded lazily: the landing does without it).
  const { syncEngine } = await import('../../../lib/device-sync');
  await syncEngine.refreshCounts();
}
