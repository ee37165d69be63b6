import { useMutation } from '@tanstack/react-query';
import { type AuthenticateBody, loginResponseSchema } from '../../../shared/contract/auth';
import { api } from '../../../lib/api-client';
import { syncEngine } from '../../../lib/device-sync';
import { clearMediaCache } from '../../../lib/media-cache';
import { clearQueryCache } from '../../../lib/query-client';
import { REFRESH_TRANSPORT_HEADERS, tokenStore } from '../../../lib/tokens';

export async function authenticate(body: AuthenticateBody) {
  const result = await api('/api/auth/authenticate', {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: REFRESH_TRANSPORT_HEADERS,
    schema: loginResponseSchema,
  });
  // Whoever used the device before: their cached answers and media are not this user's.
  await Promise.all([clearQueryCache(), clearMediaCache()]);
  tokenStore.set(result);
  tokenStore.setLastRole(result.role);
  // Recordings that waited for a login go out now.
  syncEngine.resume();
  return result;
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
