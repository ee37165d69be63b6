import { SignJWT, UnsecuredJWT } from 'jose';
import { accessTokenKey } from '../../../server/plugins/auth';

/** A fixed secret tests pass as JWT_SECRET, so they can sign tokens the way the server does. */
export const TEST_JWT_SECRET = 'test-jwt-secret-known-to-the-tests';

export interface ForgedClaims {
  sub: string;
  role: unknown;
}

/** An access token signed with `secret` (by default the app's), expiring at `expiresAt` (epoch s). */
export async function signAccessToken(
  claims: ForgedClaims,
  opts: { secret?: string; expiresAt?: number; alg?: 'HS256' | 'HS384' | 'HS512' } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(now - 3600)
    .setExpirationTime(opts.expiresAt ?? now + 600)
    .sign(accessTokenKey(opts.secret ?? TEST_JWT_SECRET));
}

/** The same claims with `alg: none` and no signature. */
export function unsignedAccessToken(claims: ForgedClaims): string {
  return new UnsecuredJWT({ role: claims.role })
    .setSubject(claims.sub)
    .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
    .encode();
}
