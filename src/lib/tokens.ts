import type { Role } from '@/shared/roles';
import { ROLES } from '@/shared/roles';

/** The localStorage key of the access token (the spec names it). */
export const ACCESS_TOKEN_KEY = 'access_token';
/** Where older versions kept the refresh token; read once to move it into the cookie. */
const LEGACY_REFRESH = 'refresh_token';
const LAST_ROLE = 'last_role';

/** An access token's claims, read without the network (its signature is the server's to check). */
function tokenClaims(token: string | null): { sub?: unknown; exp?: unknown } | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}

/** The user an access token was issued to (its subject), read without the network. */
export function tokenSubject(token: string | null): string | null {
  const sub = tokenClaims(token)?.sub;
  return typeof sub === 'string' && sub ? sub : null;
}

/** When an access token expires (epoch ms), or null when it does not say. */
export function tokenExpiresAt(token: string | null): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * The page keeps only the short-lived access token (under the key the spec names). The refresh
 * token lives in the HttpOnly cookie `ustno_refresh`, out of reach of page scripts; the server
 * sets it on login and on every refresh.
 */
const sessionStartListeners = new Set<() => void>();

export const tokenStore = {
  access: (): string | null => localStorage.getItem(ACCESS_TOKEN_KEY),
  /** True when this device has a session that a refresh from the cookie may renew. */
  hasSession: (): boolean => localStorage.getItem(ACCESS_TOKEN_KEY) !== null,
  /** A refresh token an older version left in localStorage, to be exchanged for the cookie. */
  legacyRefresh: (): string | null => localStorage.getItem(LEGACY_REFRESH),
  /** Stores the access token; a refresh token in the answer (a spec-style answer) is not kept. */
  set(tokens: { access_token: string; refresh_token?: string }): void {
    localStorage.setItem(ACCESS_TOKEN_KEY, tokens.access_token);
    localStorage.removeItem(LEGACY_REFRESH);
    for (const listener of sessionStartListeners) listener();
  },
  /** Calls `listener` whenever this tab stores a token (a login, a refresh); returns how to stop. */
  onSet(listener: () => void): () => void {
    sessionStartListeners.add(listener);
    return () => sessionStartListeners.delete(listener);
  },
  clear(): void {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    localStorage.removeItem(LEGACY_REFRESH);
    localStorage.removeItem(LAST_ROLE);
  },
  /** The signed-in user's id (the access token's subject), or null; read without the network. */
  userId(): string | null {
    return tokenSubject(localStorage.getItem(ACCESS_TOKEN_KEY));
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

/**
 * Asks the server to keep the refresh token in its HttpOnly cookie rather than in the answer.
 * Here rather than in the API client, so that logging out (on the app shell's path) does not
 * load the client and its schemas.
 */
export const REFRESH_TRANSPORT_HEADERS = { 'X-Refresh-Transport': 'cookie' } as const;
