import type { Role } from '../shared/roles';
import { ROLES } from '../shared/roles';

const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const LAST_ROLE = 'last_role';

/** Tokens live in localStorage under the keys the spec names. */
export const tokenStore = {
  access: (): string | null => localStorage.getItem(ACCESS),
  refresh: (): string | null => localStorage.getItem(REFRESH),
  set(tokens: { access_token: string; refresh_token: string }): void {
    localStorage.setItem(ACCESS, tokens.access_token);
    localStorage.setItem(REFRESH, tokens.refresh_token);
  },
  clear(): void {
    localStorage.removeItem(ACCESS);
    localStorage.removeItem(REFRESH);
    localStorage.removeItem(LAST_ROLE);
  },
  /** The signed-in user's id (the access token's subject), or null; read without the network. */
  userId(): string | null {
    const token = localStorage.getItem(ACCESS);
    const payload = token?.split('.')[1];
    if (!payload) return null;
    try {
      const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
      const sub = (JSON.parse(json) as { sub?: unknown }).sub;
      return typeof sub === 'string' && sub ? sub : null;
    } catch {
      return null;
    }
  },
  /** The last role the server confirmed: the route guard's answer while offline. */
  lastRole(): Role | null {
    const role = localStorage.getItem(LAST_ROLE);
    return ROLES.includes(role as Role) ? (role as Role) : null;
  },
  setLastRole(role: Role): void {
    localStorage.setItem(LAST_ROLE, role);
  },
};
