import { redirect } from '@tanstack/react-router';
import { roleResponseSchema } from '../shared/contract/auth';
import type { Role } from '../shared/roles';
import { api, isNoResponse } from './api-client';
import { tokenStore } from './tokens';

/**
 * Asks the server for the role before a protected navigation. Without network the last
 * confirmed role stands (offline must not log anyone out); any answer that is not an allowed
 * role sends the user to /login with no message.
 */
export async function requireRole(allowed: readonly Role[]): Promise<Role> {
  let role: Role | null = null;
  if (tokenStore.access() || tokenStore.refresh()) {
    try {
      role = (await api('/api/auth/role', { schema: roleResponseSchema })).role;
      tokenStore.setLastRole(role);
    } catch (error) {
      role = isNoResponse(error) ? tokenStore.lastRole() : null;
    }
  }
  if (!role || !allowed.includes(role)) throw redirect({ to: '/login' });
  return role;
}
