import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { deriveKey, randomToken } from '../../lib/secrets';

/**
 * OWASP "device cookies": a device where an account logged in successfully gets a signed entry
 * for that account, and its later logins skip the account-wide hold that guesses from other
 * addresses put on the account (their failures count against the entry instead).
 */
export const DEVICE_COOKIE = 'ustno_device';
/** Sent with the login only. */
const DEVICE_COOKIE_PATH = '/api/auth/authenticate';
export const DEVICE_COOKIE_DAYS = 180;
/** Accounts one device remembers (a shared Chromebook), newest first; the header stays small. */
const MAX_ENTRIES = 5;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  /** The nonce of the cookie's genuine, unexpired entry for this account, else null. */
  find(cookie: string | undefined, userId: number, nowMs?: number): string | null;
  /** The cookie after a successful login of the account: its fresh entry first, its older one dropped. */
  issue(cookie: string | undefined, userId: number, nowMs?: number): string;
}

export function createDeviceCookies(secret: string): DeviceCookies {
  const key = deriveKey(secret, 'device-cookies');
  const sign = (userId: number, nonce: string, issued: string) =>
    crypto.createHmac('sha256', key).update(`${userId}.${nonce}.${issued}`).digest('base64url');
  const entries = (cookie: string | undefined) =>
    (cookie ?? '')
      .split('~')
      .slice(0, MAX_ENTRIES)
      .map((e) => ENTRY.exec(e))
      .filter((m): m is RegExpExecArray => m !== null);
  const ownEntry = (m: RegExpExecArray, userId: number, nowMs: number) => {
    const [, nonce, issued, signature] = m;
    const expected = Buffer.from(sign(userId, nonce, issued));
    const given = Buffer.from(signature);
    const young = nowMs - parseInt(issued, 36) * 1000 < DEVICE_COOKIE_DAYS * 86_400_000;
    return young && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  };
  return {
    find(cookie, userId, nowMs = Date.now()) {
      const m = entries(cookie).find((e) => ownEntry(e, userId, nowMs));
      return m ? m[1] : null;
    },
    issue(cookie, userId, nowMs = Date.now()) {
      const nonce = randomToken(16);
      const issued = Math.floor(nowMs / 1000).toString(36);
      const fresh = `${nonce}.${issued}.${sign(userId, nonce, issued)}`;
      const others = entries(cookie)
        .filter((e) => !ownEntry(e, userId, nowMs))
        .map((e) => e[0]);
      return [fresh, ...others].slice(0, MAX_ENTRIES).join('~');
    },
  };
}

export function setDeviceCookie(reply: FastifyReply, value: string): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
