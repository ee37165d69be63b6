import crypto from 'node:crypto';

/** A random URL-safe token of 256 bits. */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
