import { useMutation } from '@tanstack/react-query';
import { type AuthenticateBody, loginResponseSchema } from '@/shared/contract/auth';
import { api } from '@/lib/api-client';
import { syncEngine } from '@/lib/device-sync';
import { clearMediaCache } from '@/lib/media-cache';
import { clearQueryCache } from '@/lib/query-client';
import { announceSessionChange } from '@/lib/session-channel';
import { REFRESH_TRANSPORT_HEADERS, tokenStore } from '@/lib/tokens';

export async function authenticate(body: AuthenticateBody) {
  const result = await api('/api/auth/authenticate', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: REFRESH_TRANSPORT_HEADERS,
    schema: loginResponseSchema,
  });
  // A send in flight stops before the tokens change, and nothing new starts under them meanwhile.
  await syncEngine.abortAndWait();
  tokenStore.set(result);
  tokenStore.setLastRole(result.role);
  // Other tabs drop what they hold of whoever used the device before.
  announceSessionChange(tokenStore.userId());
  // Cleared after the tokens changed: another tab's save of the former user's answers is then
  // either refused or ordered before this removal.
  await Promise.all([clearQueryCache(), clearMediaCache()]);
  // Recordings that waited for a login go out now.
  syncEngine.resume();
  return result;
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
