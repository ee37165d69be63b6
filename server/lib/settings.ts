import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { randomToken } from './secrets';

/** JWT_SECRET, else one generated once and kept in the database, so every instance shares it. */
export async function resolveJwtSecret(
  db: Kysely<Database>,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const read = () =>
    db.selectFrom('app_settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value;
  await db
    .insertInto('app_settings')
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error('could not store the generated JWT secret');
  return stored.value;
}
