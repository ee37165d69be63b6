import type { FastifyReply } from 'fastify';
import { ERROR_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { addSeconds, nowIso } from '../../lib/time';
import * as repo from './repository';

/** A refusal before any password check; the route passes `retryAfterSeconds` on as `Retry-After`. */
export class LoginThrottled extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, { message: ERROR_TEXT.tooManyAttempts });
  }
}

/** Sets `Retry-After` when the error is a throttling refusal; call before rethrowing it. */
export function retryAfterHeader(reply: FastifyReply, err: unknown): void {
  if (err instanceof LoginThrottled) void reply.header('Retry-After', String(err.retryAfterSeconds));
}

/** One password check of an account (a login, or the current password of a profile change). */
export interface PasswordAttempt {
  /** The account's name as logins look it up (usernameKey), existing or not. */
  account: string;
  /** The client's address as every limit groups it (IPv6 by its /64). */
  address: string;
  /** The nonce of a genuine device-cookie entry of this account (device-cookie.ts), else null. */
  device: string | null;
}

/** Throttling keys: an account from one address, an address, an account from anywhere, a device. */
export const throttleKeys = (account: string, address: string) => ({
  pair: `account-address:${account}|${address}`,
  address: `address:${address}`,
  account: `account:${account}`,
  slot: `account-slot:${account}`,
});
const deviceKey = (nonce: string) => `device:${nonce}`;

/**
 * The wait after the n-th attempt of an account within the window, past its limit: none up to
 * the limit, then 1 s doubling up to the cap.
 */
export function accountDelayMs(failures: number, threshold: number, maxSeconds: number): number {
  if (failures < threshold || maxSeconds <= 0) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - threshold, 20), maxSeconds * 1000);
}

/** How long a check may hold its account's slot should its instance die mid-check. */
const SLOT_LEASE_SECONDS = 30;

const secondsUntil = (iso: string, now: string) =>
  Math.max(1, Math.ceil((Date.parse(iso) - Date.parse(now)) / 1000));

/**
 * Runs `check` (argon2) unless a limit refuses the attempt first (LoginThrottled, 429, without
 * running it). Attempts are counted before the check, atomically per key, so a burst gets at
 * most the limit of checks:
 * - per account from one address and per address: a hard limit within the window;
 * - per account from anywhere: up to the limit freely, past it one check at a time, each next
 *   one allowed only after the delay; the rest are refused at once with the wait;
 * - a device cookie of the account skips the account-wide hold (failures elsewhere cannot lock
 *   the owner's device out), its own failures counted against it up to the per-account limit.
 * A success counts afresh (the hold stays when the owner's device logged in: guessing goes on).
 */
export async function throttledCheck(
  ctx: AppContext,
  attempt: PasswordAttempt,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const { db, config } = ctx;
  const limit = config.loginMaxFailuresPerAccount;
  const now = nowIso();
  const windowSeconds = config.loginWindowMinutes * 60;
  const windowStart = addSeconds(now, -windowSeconds);
  const keys = throttleKeys(attempt.account, attempt.address);
  const windowEnds = (start: string) => secondsUntil(addSeconds(start, windowSeconds), now);

  const pair = await repo.hitLoginThrottle(db, keys.pair, now, windowStart);
  if (pair.hits > limit) throw new LoginThrottled(windowEnds(pair.windowStart));
  const address = await repo.hitLoginThrottle(db, keys.address, now, windowStart);
  if (address.hits > config.loginMaxFailuresPerAddress) {
    await repo.unhitLoginThrottle(db, keys.pair);
    throw new LoginThrottled(windowEnds(address.windowStart));
  }

  let device = attempt.device;
  if (
    device !== null &&
    (await repo.hitLoginThrottle(db, deviceKey(device), now, windowStart)).hits > limit
  ) {
    device = null;
  }
  let accountHits = 0;
  let holdsSlot = false;
  if (device === null) {
    accountHits = (await repo.hitLoginThrottle(db, keys.account, now, windowStart)).hits;
    if (accountHits > limit) {
      const claim = await repo.claimLoginSlot(db, keys.slot, now, addSeconds(now, SLOT_LEASE_SECONDS));
      if (!claim.claimed) {
        // Not checked, so not counted.
        await repo.unhitLoginThrottle(db, keys.account);
        await repo.unhitLoginThrottle(db, keys.pair);
        await repo.unhitLoginThrottle(db, keys.address);
        const delay = accountDelayMs(accountHits - 1, limit, config.loginDelayMaxSeconds);
        throw new LoginThrottled(
          claim.inFlight ? Math.max(1, Math.ceil(delay / 1000)) : secondsUntil(claim.nextAt, now),
        );
      }
      holdsSlot = true;
    }
  }

  const release = () =>
    repo.releaseLoginSlot(
      db,
      keys.slot,
      addSeconds(nowIso(), accountDelayMs(accountHits - 1, limit, config.loginDelayMaxSeconds) / 1000),
    );
  let ok: boolean;
  try {
    ok = await check();
  } catch (err) {
    if (holdsSlot) await release();
    throw err;
  }
  if (!ok) {
    if (holdsSlot) await release();
    return false;
  }
  // The address keeps only its failures; the rest count afresh.
  await repo.unhitLoginThrottle(db, keys.address);
  if (device !== null) {
    await repo.clearLoginThrottles(db, [keys.pair, deviceKey(device)]);
  } else {
    await repo.clearLoginThrottles(db, [keys.pair, keys.account]);
    await repo.deleteLoginSlot(db, keys.slot);
  }
  return true;
}
