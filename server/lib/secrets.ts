import crypto from 'node:crypto';

/** A random URL-safe token of 256 bits. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** What a key derived from the one configured secret is for; each purpose gets its own key. */
export type SecretPurpose = 'access-tokens' | 'media-urls' | 'device-cookies';

/**
 * A 256-bit key for one purpose, derived from JWT_SECRET with HKDF-SHA256, so a key leaked or
 * misused in one place (a media signature) can never sign another thing (an access token).
 */
export function deriveKey(secret: string, purpose: SecretPurpose): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'ustno', `ustno ${purpose} v1`, 32));
}
