import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the package exports a const enum, which verbatimModuleSyntax cannot inline.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
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
