import { hash, verify } from '@node-rs/argon2';
import { ERROR_TEXT } from '../../src/shared/messages';
import { PASSWORD_MIN_LENGTH } from '../../src/shared/contract/users';
import { badRequest } from './http-error';

// Algorithm.Argon2id: the package exports a const enum, which verbatimModuleSyntax cannot inline.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

let commonPasswords: Promise<Set<string>> | null = null;

/**
 * The 10 000 most common passwords long enough to pass the length rule, from the ranked list
 * zxcvbn-ts ships (drawn from leaked password sets); compared case-insensitively. Loaded at the
 * first password set, not at start: its dictionaries take megabytes a server rarely needs.
 */
function commonPasswordSet(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH).slice(0, 10_000)),
  );
  return commonPasswords;
}

/** Why a new password is refused (Russian, as shown), or null when it may be used. */
export async function passwordPolicyError(password: string): Promise<string | null> {
  if ([...password].length < PASSWORD_MIN_LENGTH) return ERROR_TEXT.passwordTooShort;
  if ((await commonPasswordSet()).has(password.toLowerCase())) return ERROR_TEXT.passwordTooCommon;
  return null;
}

/** Hashes a password a user is setting; a short or common one is refused with 400. */
export async function hashNewPassword(password: string): Promise<string> {
  const error = await passwordPolicyError(password);
  if (error) throw badRequest(error);
  return hashPassword(password);
}

let dummyHash: Promise<string> | null = null;

/** Verifies; with no stored hash, spends the same time so a missing account is not revealed. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    dummyHash ??= hash('not-a-real-password', options);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
