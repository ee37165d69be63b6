import { clearMediaCache } from '@/lib/media-cache';
import { clearQueryCache } from '@/lib/query-client';
import { announceSessionChange } from '@/lib/session-channel';
import { REFRESH_TRANSPORT_HEADERS, tokenStore } from '@/lib/tokens';

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
 * and cached media go (the next user of a shared device must not see them), in this tab and,
 * told through the session channel, in every other. Unsent work stays for its owner.
 */
export async function logout(): Promise<void> {
  // The outbox (Dexie, the upload code) is loaded lazily: the landing does without it.
  const { syncEngine } = await import('@/lib/device-sync');
  if (tokenStore.hasSession()) await endServerSession();
  // A send in flight stops before the tokens go, and nothing new starts under them meanwhile.
  await syncEngine.abortAndWait();
  tokenStore.clear();
  announceSessionChange(null);
  await Promise.all([clearQueryCache(), clearMediaCache()]);
  // The pending badge now counts nobody's items.
  await syncEngine.refreshCounts();
}
