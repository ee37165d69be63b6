import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { MIN_SECRET_BYTES } from '../config';
import type { Database } from '../db/types';
import { closeExistingFile, PRIVATE_FILE_MODE } from './private-files';
import { randomToken } from './secrets';

/** With SQLite and no JWT_SECRET: the generated secret, in DATA_DIR, readable by the app's user only. */
export const JWT_SECRET_FILE = 'jwt-secret';

export interface SecretSource {
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
}

/**
 * JWT_SECRET; else, with SQLite, the secret generated once into DATA_DIR/jwt-secret (0600). With
 * PostgreSQL the start refuses without JWT_SECRET: instances and backups live on other machines,
 * and a generated secret would have to sit in the database in plain text. Older versions kept the
 * generated secret in app_settings: it moves to the file once (sessions survive the upgrade) and
 * leaves the table in every case.
 */
export async function resolveJwtSecret(db: Kysely<Database>, source: SecretSource): Promise<string> {
  const legacy = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirst();
  if (source.databaseUrl && !source.jwtSecret) throw new Error(missingSecretMessage(legacy !== undefined));
  const secret =
    source.jwtSecret ??
    keptSecret(path.join(source.dataDir, JWT_SECRET_FILE), legacy?.value ?? randomToken(48));
  if (legacy) await db.deleteFrom('app_settings').where('key', '=', 'jwt_secret').execute();
  return secret;
}

function missingSecretMessage(inTable: boolean): string {
  const lines = [
    'Invalid configuration:',
    'JWT_SECRET: required with DATABASE_URL. Every instance signs with the same secret, and a generated one would sit in the database in plain text.',
    'Generate one (openssl rand -base64 48) and give the same value to every instance.',
  ];
  if (inTable) {
    lines.push(
      'An older version generated one into the table app_settings (key jwt_secret): set JWT_SECRET to that value to keep the sessions open now; the table then forgets it.',
    );
  }
  return lines.join('\n');
}

/** The secret in `file`, or `initial` written there first (once, even when two starts race). */
function keptSecret(file: string, initial: string): string {
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  // Written whole under another name, then linked into place: a reader never sees half a secret,
  // and of two starts racing on one folder the first link wins and the other reads it.
  const staged = `${file}.${randomToken(6)}.tmp`;
  fs.writeFileSync(staged, `${initial}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx', flush: true });
  try {
    fs.linkSync(staged, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(staged, { force: true });
  }
  return readSecret(file) ?? initial;
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  closeExistingFile(file);
  const secret = text.trim();
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(
      `${file}: fewer than ${MIN_SECRET_BYTES} bytes. Remove it to generate a new secret (every session ends), or set JWT_SECRET`,
    );
  }
  return secret;
}
