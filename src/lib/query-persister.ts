import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { LocalDb } from './local-db';

export interface FlushablePersister extends Persister {
  /** Writes the latest snapshot now (before saying "saved on the device", or when the page hides). */
  flush(): Promise<void>;
}

/**
 * The snapshot as kept: every query that holds data, as a success. A refresh that failed offline
 * leaves a query in 'error' with its last data; kept as an error, a later start would show the
 * error instead of the data, and the next snapshot of a stock persister would drop it for good.
 */
export function keepAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries
    .filter((q) => q.state.data !== undefined)
    .map((q) =>
      q.state.status === 'success'
        ? q
        : { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureReason: null } },
    );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * The query cache kept in the device database. Writes are coalesced (at most one a second),
 * and unlike the stock async persister the pending write can be flushed: a page closed right
 * after a screen loaded still finds that screen's data when it opens offline.
 */
export function createDexiePersister(
  db: LocalDb,
  key = 'query-cache',
  throttleMs = 1000,
): FlushablePersister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writes: Promise<void> = Promise.resolve();

  const writePending = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    writes = writes
      .then(async () => {
        const client = pending;
        pending = null;
        if (client) await db.kv.put({ key, value: JSON.stringify(client) });
      })
      .catch((error: unknown) => console.warn('query cache not saved', error));
    return writes;
  };

  return {
    persistClient(client) {
      pending = keepAnswers(client);
      timer ??= setTimeout(() => void writePending(), throttleMs);
    },
    async restoreClient() {
      const row = await db.kv.get(key);
      return row ? (JSON.parse(row.value) as PersistedClient) : undefined;
    },
    async removeClient() {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await writes;
      await db.kv.delete(key);
    },
    flush: writePending,
  };
}
