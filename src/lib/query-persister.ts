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
 * The query cache kept in the device database. A change after a quiet spell is written on the
 * next task (a screen's data is on the device a moment after it shows, should the app be closed
 * right then); changes coming faster are coalesced to one write per `throttleMs`. Unlike the
 * stock async persister the pending write can also be flushed.
 */
export function createDexiePersister(
  db: LocalDb | (() => Promise<LocalDb>),
  key = 'query-cache',
  throttleMs = 1000,
): FlushablePersister {
  // A loader keeps Dexie off the app's first download: the database opens when first used.
  const open = typeof db === 'function' ? db : () => Promise.resolve(db);
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writes: Promise<void> = Promise.resolve();
  let lastWrite = -Infinity;

  const writePending = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    lastWrite = Date.now();
    writes = writes
      .then(async () => {
        const client = pending;
        pending = null;
        if (client) await (await open()).kv.put({ key, value: JSON.stringify(client) });
      })
      .catch((error: unknown) => console.warn('query cache not saved', error));
    return writes;
  };

  return {
    persistClient(client) {
      pending = keepAnswers(client);
      // One task later, not now: a fetch's result arrives as several cache events in a row.
      timer ??= setTimeout(() => void writePending(), Math.max(0, lastWrite + throttleMs - Date.now()));
    },
    async restoreClient() {
      const row = await (await open()).kv.get(key);
      return row ? (JSON.parse(row.value) as PersistedClient) : undefined;
    },
    async removeClient() {
      pending = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await writes;
      await (await open()).kv.delete(key);
    },
    flush: writePending,
  };
}
