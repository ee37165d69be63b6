import crypto from 'node:crypto';
import { deriveKey } from './secrets';

/** What a signed media URL can point at; recordings and spoken comments get the same treatment as files. */
export type MediaKind = 'file' | 'recording' | 'voice';

const PATHS: Record<MediaKind, string> = {
  file: '/api/files',
  recording: '/api/recordings',
  voice: '/api/voices',
};

export interface MediaSigner {
  /** `/api/<kind>s/{id}/content?exp=…&sig=…`, valid for the configured lifetime. */
  url(kind: MediaKind, id: number, nowMs?: number): string;
  /** Whether exp/sig are a valid, unexpired signature of this kind and id. */
  verify(
    kind: MediaKind,
    id: number,
    exp: string | undefined,
    sig: string | undefined,
    nowMs?: number,
  ): boolean;
}

/**
 * `<img>` and `<audio>` cannot send a bearer token, so media addresses carry their own proof:
 * an HMAC over kind, id and expiry, keyed by a key derived from the JWT secret for this purpose
 * alone (one secret to manage, yet a media signature can never be confused with a token).
 */
export function createMediaSigner(secret: string, ttlSeconds: number): MediaSigner {
  const key = deriveKey(secret, 'media-urls');
  const signature = (kind: MediaKind, id: number, exp: number) =>
    crypto.createHmac('sha256', key).update(`${kind}:${id}:${exp}`).digest('base64url');

  return {
    url(kind, id, nowMs = Date.now()) {
      const exp = Math.floor(nowMs / 1000) + ttlSeconds;
      return `${PATHS[kind]}/${id}/content?exp=${exp}&sig=${signature(kind, id, exp)}`;
    },
    verify(kind, id, exp, sig, nowMs = Date.now()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expSeconds = Number(exp);
      if (expSeconds * 1000 <= nowMs) return false;
      const expected = Buffer.from(signature(kind, id, expSeconds));
      const given = Buffer.from(sig);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
