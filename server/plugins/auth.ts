import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../src/shared/roles';
import { ROLES } from '../../src/shared/roles';
import { forbidden, unauthorized } from '../lib/http-error';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export interface AuthUser {
  id: number;
  role: Role;
}

export interface AccessTokens {
  sign(user: AuthUser): Promise<string>;
  verify(token: string): Promise<AuthUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** onRequest hook: a valid access token of one of these roles, else 401 / 403. */
    requireRole(...roles: Role[]): onRequestHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** The HS256 key of access tokens: the SHA-256 of the configured or generated secret. */
export function accessTokenKey(secret: string): Uint8Array {
  return crypto.createHash('sha256').update(secret).digest();
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = accessTokenKey(secret);
  return {
    async sign(user) {
      return new SignJWT({ role: user.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
        .sign(key);
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      const role = payload.role;
      if (!Number.isInteger(id) || id <= 0 || !ROLES.includes(role as Role)) {
        throw new joseErrors.JWTInvalid('bad claims');
      }
      return { id, role: role as Role };
    },
  };
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    const tokens = createAccessTokens(opts.secret);
    app.decorate('accessTokens', tokens);
    app.decorateRequest('user', null);
    app.decorate('requireRole', (...roles: Role[]): onRequestHookHandler => {
      return async (request) => {
        const token = bearerToken(request);
        if (!token) throw unauthorized();
        let user: AuthUser;
        try {
          user = await tokens.verify(token);
        } catch {
          throw unauthorized();
        }
        if (!roles.includes(user.role)) throw forbidden();
        request.user = user;
      };
    });
  },
  { name: 'auth' },
);

/** The authenticated user of a route guarded by requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
