import { useMutation } from '@tanstack/react-query';
import { type AuthenticateBody, loginResponseSchema } from '../../../shared/contract/auth';
import { api } from '../../../lib/api-client';
import { syncEngine } from '../../../lib/outbox';
import { clearQueryCache } from '../../../lib/query-client';
import { tokenStore } from '../../../lib/tokens';

export async function authenticate(body: AuthenticateBody) {
  const result = await api('/api/auth/authenticate', { method: 'POST', body, schema: loginResponseSchema });
  await clearQueryCache();
  tokenStore.set(result);
  tokenStore.setLastRole(result.role);
  // Recordings that waited for a login go out now.
  syncEngine.resume();
  return result;
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
