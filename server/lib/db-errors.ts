/** A unique constraint refused the write, on SQLite or PostgreSQL. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * `check` throws the answer when the write must not happen; it runs before `write`, and again
 * when the database refused the write because of a change that slipped in between (`isRace`),
 * so a race answers like the check would have. Any other error stands.
 */
export async function recheckOnRace<T>(
  check: () => Promise<void>,
  write: () => Promise<T>,
  isRace: (err: unknown) => boolean,
): Promise<T> {
  await check();
  try {
    return await write();
  } catch (err) {
    if (!isRace(err)) throw err;
    await check();
    throw err;
  }
}
