import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../src/shared/roles';
import { ROLES } from '../../src/shared/roles';
import { forbidden, unauthorized } from '../lib/http-error';
import { deriveKey } from '../lib/secrets';
import { createDeviceCookies, type DeviceCookies } from '../modules/auth';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AuthUser {
  id: number;
  role: Role;
  /** The refresh family (session) the access token belongs to; absent in tokens from before it was carried. */
  family?: string;
  /** When the session's password login happened (epoch seconds); absent when unknown. */
  authTime?: number;
}

/** What an access token says: who, and the account's token version when it was issued. */
export type AccessClaims = AuthUser & { tokenVersion: number };

/** The account as the access check reads it now: its role, token version, and whether the session lives. */
export interface AccountState {
  role: Role;
  token_version: number;
  /** False once the token's refresh family was revoked (logout, reuse detection). */
  family_live: boolean;
}

export interface AccessTokens {
  sign(user: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims>;
}

/**
 * A request whose token was checked, waiting for its account's check (`accountCheckedByHandler`):
 * its handler reads the account's state in its own first statement and passes it to
 * `confirmAccess` before anything else.
 */
export interface PendingAccess {
  claims: AccessClaims;
  roles: readonly Role[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The account check of requireRole is made by the handler, on the state its own first
     * statement reads (`pendingAccess`, then `confirmAccess`): one statement a request fewer on a
     * route every device calls many times (a round trip each on PostgreSQL). The token itself is
     * still checked before the request goes on; until confirmed, `currentUser` answers 401.
     */
    accountCheckedByHandler?: boolean;
  }
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** Signs and reads the device cookies of logins (server/modules/auth/device-cookie.ts). */
    deviceCookies: DeviceCookies;
    /** onRequest hook: a valid access token of one of these roles, else 401 / 403. */
    requireRole(...roles: Role[]): onRequestHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    pendingAccess: PendingAccess | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The HS256 key of access tokens, derived from the configured or generated secret. */
export function accessTokenKey(secret: string): Uint8Array {
  return deriveKey(secret, 'access-tokens');
}

/** Access tokens whose signature was checked, kept (oldest dropped first) until they expire. */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createAccessTokens(secret: string): AccessTokens {
  // A client sends the same token with every request for its 15 minutes: its signature is checked
  // once (a WebCrypto job on the thread pool, an eighth of a short list's CPU in the profile).
  // Only the exact string verified is found, and its expiry is checked on every use; revocation
  // does not depend on this (the token version and the family's state are read from the database
  // on every request).
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  // A CryptoKey imported once: given raw bytes or a KeyObject, jose (WebCrypto) imports the key
  // again on every sign and verify, a cost the list benchmark's profile showed on every request.
  const key = crypto.webcrypto.subtle.importKey(
    'raw',
    accessTokenKey(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return {
    async sign(user) {
      return new SignJWT({
        role: user.role,
        ver: user.tokenVersion,
        ...(user.family !== undefined ? { fam: user.family } : {}),
        ...(user.authTime !== undefined ? { auth_time: user.authTime } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) return known.claims;
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      const role = payload.role;
      // Tokens from before versions existed carry none: they belong to version 0.
      const tokenVersion = payload.ver ?? 0;
      const { fam, auth_time: authTime } = payload;
      if (
        !Number.isInteger(id) ||
        id <= 0 ||
        !ROLES.includes(role as Role) ||
        typeof tokenVersion !== 'number' ||
        !Number.isInteger(tokenVersion) ||
        (fam !== undefined && typeof fam !== 'string') ||
        (authTime !== undefined && (typeof authTime !== 'number' || !Number.isFinite(authTime)))
      ) {
        throw new joseErrors.JWTInvalid('bad claims');
      }
      const claims: AccessClaims = {
        id,
        role: role as Role,
        tokenVersion,
        ...(fam !== undefined ? { family: fam } : {}),
        ...(authTime !== undefined ? { authTime } : {}),
      };
      // jwtVerify checked exp; a token without one is not kept.
      if (typeof payload.exp === 'number') {
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        if (verified.size > VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
      }
      return claims;
    },
  };
}

/**
 * The access rule on the account as it is now: a deleted account, a token issued before a
 * password change or reset, or one of a session that ended (logout, a stolen refresh token
 * detected) is refused (401); another role is forbidden (403). Tokens from before the family was
 * carried name none; they expire within ACCESS_TOKEN_SECONDS.
 */
function checkedUser(
  claims: AccessClaims,
  account: AccountState | undefined,
  roles: readonly Role[],
): AuthUser {
  if (!account || account.token_version !== claims.tokenVersion) throw unauthorized();
  if (claims.family !== undefined && !account.family_live) throw unauthorized();
  if (!roles.includes(account.role)) throw forbidden();
  return {
    id: claims.id,
    role: account.role,
    ...(claims.family !== undefined ? { family: claims.family } : {}),
    ...(claims.authTime !== undefined ? { authTime: claims.authTime } : {}),
  };
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      secret: string;
      /** The account now (and whether the family still lives), or undefined when it no longer exists. */
      account: (userId: number, family: string | null) => Promise<AccountState | undefined>;
    },
  ) => {
    const tokens = createAccessTokens(opts.secret);
    app.decorate('accessTokens', tokens);
    app.decorate('deviceCookies', createDeviceCookies(opts.secret));
    app.decorateRequest('user', null);
    app.decorateRequest('pendingAccess', null);
    app.decorate('requireRole', (...roles: Role[]): onRequestHookHandler => {
      return async (request) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized();
        let claims: AccessClaims;
        try {
          claims = await tokens.verify(token);
        } catch {
          throw unauthorized();
        }
        if (request.routeOptions.config.accountCheckedByHandler) {
          request.pendingAccess = { claims, roles };
          return;
        }
        request.user = checkedUser(claims, await opts.account(claims.id, claims.family ?? null), roles);
      };
    });
  },
  { name: 'auth' },
);

/**
 * Whose account a route with `accountCheckedByHandler` reads in its first statement (the
 * token's account and session), before `confirmAccess`.
 */
export function pendingAccess(request: FastifyRequest): { userId: number; family: string | null } {
  if (!request.pendingAccess) throw unauthorized();
  const { claims } = request.pendingAccess;
  return { userId: claims.id, family: claims.family ?? null };
}

/** Checks the account the handler read (as requireRole would have); the user, else 401 / 403. */
export function confirmAccess(request: FastifyRequest, account: AccountState | undefined): AuthUser {
  const pending = request.pendingAccess;
  if (!pending) throw unauthorized();
  request.pendingAccess = null;
  request.user = checkedUser(pending.claims, account, pending.roles);
  return request.user;
}

/** The authenticated user of a route guarded by requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
