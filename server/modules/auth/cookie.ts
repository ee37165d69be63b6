import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../plugins/auth';

/** The refresh token as our own client keeps it: out of reach of page scripts. */
export const REFRESH_COOKIE = 'ustno_refresh';
/** Sent only to the auth routes, never to the rest of the API. */
const COOKIE_PATH = '/api/auth';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  /** When the refresh token ends: its family's end, or sooner should it go unused (REFRESH_IDLE_DAYS). */
  expires_at: string;
}

/** A client that keeps the refresh token in the cookie asks not to get it in the JSON too. */
export function wantsCookieOnly(request: FastifyRequest): boolean {
  return request.headers['x-refresh-transport'] === 'cookie';
}

/** The presented refresh token: the bearer, as a client written to the spec sends it, else the cookie. */
export function presentedRefreshToken(
  request: FastifyRequest,
): { token: string; from: 'bearer' | 'cookie' } | null {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, from: 'bearer' };
  const cookie = request.cookies[REFRESH_COOKIE];
  return cookie ? { token: cookie, from: 'cookie' } : null;
}

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    expires: new Date(expiresAt),
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: COOKIE_PATH });
}

/**
 * Whether a request that carries the refresh cookie came from somewhere else than the app's own
 * pages: `Sec-Fetch-Site` says cross-site or same-site (a sibling subdomain shares the site, not
 * the origin), or `Origin` is neither PUBLIC_URL's origin nor the request's own host (the app
 * opened by another name; the cookie is bound to that host, so only its own pages send both). A
 * request with neither header (an old client, curl) is no browser's forgery: it passes.
 */
export function isForeignRequest(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === new URL(publicUrl).origin) return false;
  const host = request.headers.host?.toLowerCase();
  try {
    return host === undefined || new URL(origin).host !== host;
  } catch {
    // `null` (an opaque origin) or garbage.
    return true;
  }
}

/** Sets the cookie and answers the tokens, without the refresh token when the cookie carries it. */
export function tokenAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedTokens,
  cookieOnly = wantsCookieOnly(request),
): { access_token: string; refresh_token?: string } {
  // Tokens never sit in a browser's or a proxy's cache.
  void reply.header('Cache-Control', 'no-store');
  setRefreshCookie(reply, issued.refresh_token, issued.expires_at);
  return cookieOnly
    ? { access_token: issued.access_token }
    : { access_token: issued.access_token, refresh_token: issued.refresh_token };
}
