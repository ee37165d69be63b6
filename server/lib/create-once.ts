/**
 * Creates a row at most once per client-generated id, whoever asks and however often.
 *
 * `find` answers what the id already made (or throws when it belongs to someone else); `create`
 * makes it. When `create` fails and `find` now answers something, a concurrent request with the
 * same id won the race (the unique index refused this one, or the winner already cleaned up what
 * this one was reading): its result is the answer. Otherwise the failure stands.
 * `knownAbsent`: the caller has just read that the id made nothing yet, so the first `find` is
 * spared (the one after a failed `create` still runs).
 */
export async function createOnce<T>(
  find: () => Promise<T | undefined>,
  create: () => Promise<T>,
  knownAbsent = false,
): Promise<T> {
  const earlier = knownAbsent ? undefined : await find();
  if (earlier !== undefined) return earlier;
  try {
    return await create();
  } catch (err) {
    const winner = await find();
    if (winner === undefined) throw err;
    return winner;
  }
}
