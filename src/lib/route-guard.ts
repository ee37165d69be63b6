import { redirect } from '@tanstack/react-router';
import type { Role } from '@/shared/roles';
import { queryCacheRestored } from './query-client';
import { tokenStore } from './tokens';

/** A role call that hangs (a stalled connection) must not hold the navigation. */
export const ROLE_CALL_TIMEOUT_MS = 8000;

/**
 * Asks the server for the role before a protected navigation. Only the server refusing the
 * session (401, 403) sends the user to /login; anything else that is not an answer (no network,
 * a timeout, a 5xx, a captive portal's HTML page) keeps the last confirmed role, so a flaky
 * network logs nobody out. A confirmed role that is not allowed also goes to /login.
 */
export async function requireRole(allowed: readonly Role[]): Promise<Role> {
  // The API client and the contract schemas load with the first protected page, not the landing;
  // the call goes as soon as the client is here, the contract (zod) comes beside it.
  const { api, errorStatus } = await import('./api-client');
  const schema = () => import('@/shared/contract/auth').then((m) => m.roleResponseSchema);
  let role: Role | null = null;
  if (tokenStore.hasSession()) {
    try {
      role = (await api('/api/auth/role', { schema, timeout: ROLE_CALL_TIMEOUT_MS })).role;
      tokenStore.setLastRole(role);
    } catch (error) {
      const status = errorStatus(error);
      role = status === 401 || status === 403 ? null : tokenStore.lastRole();
    }
  }
  if (!role || !allowed.includes(role)) throw redirect({ to: '/login' });
  return role;
}

/**
 * The guard of a role's area: the role, and the device's cache restored, since the area's
 * loaders read that cache first. The public pages wait for neither.
 */
export async function enterArea(allowed: readonly Role[]): Promise<Role> {
  const [role] = await Promise.all([requireRole(allowed), queryCacheRestored]);
  return role;
}
