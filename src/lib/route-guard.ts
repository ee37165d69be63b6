import { redirect } from '@tanstack/react-router';
import type { Role } from '@/shared/roles';
import { ROLES } from '@/shared/roles';
import { queryCacheRestored } from './query-client';
import { tokenExpiresAt, tokenStore } from './tokens';

/** A role call that hangs (a stalled connection) must not hold the navigation. */
export const ROLE_CALL_TIMEOUT_MS = 8000;

/** What the role call made at start came to: the role, no answer in time, or ask again. */
type EarlyRole = { role: Role } | 'timed out' | null;

let earlyRoleCall: { token: string; startedAt: number; answer: Promise<EarlyRole> } | null = null;

/**
 * Sends the first navigation's role call as the app starts, before the router, the API client and
 * the device's cache have loaded: on a slow phone the call's round trip then overlaps their
 * loading instead of following it. Only with an access token that has not expired (an expired one
 * is renewed by the API client first, which the guard's own call does); the guard still waits for
 * the answer before the navigation proceeds.
 */
export function startEarlyRoleCall(): void {
  const token = tokenStore.access();
  const expiresAt = tokenExpiresAt(token);
  if (!token || expiresAt === null || expiresAt <= Date.now()) return;
  const stop = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stop.abort();
  }, ROLE_CALL_TIMEOUT_MS);
  const answer = fetch('/api/auth/role', {
    headers: { Authorization: `Bearer ${token}` },
    signal: stop.signal,
  })
    .then(async (response): Promise<EarlyRole> => {
      if (!response.ok) return null;
      const body = (await response.json()) as { role?: unknown } | null;
      return ROLES.includes(body?.role as Role) ? { role: body?.role as Role } : null;
    })
    // No answer (offline, a page that is not JSON, a body cut short): the guard asks in its own
    // way; one that hung past the limit keeps the last confirmed role, as the guard's own would.
    .catch((): EarlyRole => (timedOut ? 'timed out' : null))
    .finally(() => clearTimeout(timer));
  earlyRoleCall = { token, startedAt: Date.now(), answer };
}

/**
 * The start's call, once, for the navigation that follows the start: not for one a visitor makes
 * minutes later from a public page, nor after the session changed.
 */
function takeEarlyRoleCall(): Promise<EarlyRole> | null {
  const call = earlyRoleCall;
  earlyRoleCall = null;
  if (!call || call.token !== tokenStore.access()) return null;
  return Date.now() - call.startedAt < ROLE_CALL_TIMEOUT_MS ? call.answer : null;
}

/**
 * Asks the server for the role before a protected navigation. Only the server refusing the
 * session (401, 403) sends the user to /login; anything else that is not an answer (no network,
 * a timeout, a 5xx, a captive portal's HTML page) keeps the last confirmed role, so a flaky
 * network logs nobody out. A confirmed role that is not allowed also goes to /login.
 */
export async function requireRole(allowed: readonly Role[]): Promise<Role> {
  const role = tokenStore.hasSession() ? await sessionRole() : null;
  if (!role || !allowed.includes(role)) throw redirect({ to: '/login' });
  return role;
}

/** The session's role as the server confirms it, the last confirmed one when it does not answer, null when refused. */
async function sessionRole(): Promise<Role | null> {
  const early = await takeEarlyRoleCall();
  if (early === 'timed out') return tokenStore.lastRole();
  let role: Role;
  if (early) {
    role = early.role;
  } else {
    // The API client and the contract schemas load with the first protected page, not the
    // landing; the call goes as soon as the client is here, the contract (zod) comes beside it.
    // The client renews an expired token and tries once more; a refused one (401 after that,
    // 403) goes to /login.
    const { api, errorStatus } = await import('./api-client');
    const schema = () => import('@/shared/contract/auth').then((m) => m.roleResponseSchema);
    try {
      role = (await api('/api/auth/role', { schema, timeout: ROLE_CALL_TIMEOUT_MS })).role;
    } catch (error) {
      const status = errorStatus(error);
      return status === 401 || status === 403 ? null : tokenStore.lastRole();
    }
  }
  tokenStore.setLastRole(role);
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
