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

/** Where older versions kept one cache for whoever was signed in: it cannot be attributed. */
export const UNATTRIBUTED_KEY = 'query-cache';

/** Where the device keeps one user's query cache. */
export const queryCacheKey = (userId: string): string => `${UNATTRIBUTED_KEY}:${userId}`;

export interface UserCachePersister extends FlushablePersister {
  /** The user whose answers this tab's cache holds (null: nobody's, and nothing is written). */
  owner(): string | null;
  /** From now on this tab's cache holds this user's answers; a save waiting for another is dropped. */
  setOwner(userId: string | null): void;
  /** Forgets every user's cache on the device (the old unattributed one too). */
  removeAll(): Promise<void>;
  /** Forgets the cache older versions kept for whoever was signed in. */
  removeUnattributed(): Promise<void>;
}

/**
 * The query cache kept in the device database, one per user. A change after a quiet spell is
 * written on the next task (a screen's data is on the device a moment after it shows, should the
 * app be closed right then); changes coming faster are coalesced to one write per `throttleMs`.
 * Unlike the stock async persister the pending write can also be flushed.
 *
 * The tabs share the database and the signed-in user (localStorage): a tab whose cache holds a
 * user who is no longer the signed-in one (another tab logged out, or in as someone else) never
 * writes, checked in the very transaction of each write. A logout clears the tokens before it
 * removes the cache, so a write that passed the check is ordered before that removal.
 */
export function createDexiePersister(
  db: LocalDb | (() => Promise<LocalDb>),
  options: { signedInUser: () => string | null; throttleMs?: number },
): UserCachePersister {
  const { signedInUser, throttleMs = 1000 } = options;
  // A loader keeps Dexie off the app's first download: the database opens when first used.
  const open = typeof db === 'function' ? db : () => Promise.resolve(db);
  let owner: string | null = null;
  let pending: { owner: string; client: PersistedClient } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writes: Promise<void> = Promise.resolve();
  let lastWrite = -Infinity;

  /** Whether this user's cache may be written now: it is this tab's, and they are signed in. */
  const mayWrite = (user: string | null): user is string =>
    user !== null && user === owner && user === signedInUser();

  const dropPending = () => {
    pending = null;
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const writePending = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    lastWrite = Date.now();
    writes = writes
      .then(async () => {
        const next = pending;
        pending = null;
        if (!next || !mayWrite(next.owner)) return;
        const value = JSON.stringify(next.client);
        const d = await open();
        await d.transaction('rw', d.kv, async () => {
          if (mayWrite(next.owner)) await d.kv.put({ key: queryCacheKey(next.owner), value });
        });
      })
      .catch((error: unknown) => console.warn('query cache not saved', error));
    return writes;
  };

  return {
    persistClient(client) {
      if (!mayWrite(owner)) {
        dropPending();
        return;
      }
      pending = { owner, client: keepAnswers(client) };
      // One task later, not now: a fetch's result arrives as several cache events in a row.
      timer ??= setTimeout(() => void writePending(), Math.max(0, lastWrite + throttleMs - Date.now()));
    },
    async restoreClient() {
      const user = owner;
      if (user === null || user !== signedInUser()) return undefined;
      const row = await (await open()).kv.get(queryCacheKey(user));
      return row ? (JSON.parse(row.value) as PersistedClient) : undefined;
    },
    async removeClient() {
      const user = owner;
      dropPending();
      await writes;
      if (user !== null) await (await open()).kv.delete(queryCacheKey(user));
    },
    flush: writePending,
    owner: () => owner,
    setOwner(userId) {
      if (userId !== owner) dropPending();
      owner = userId;
    },
    async removeAll() {
      dropPending();
      await writes;
      const d = await open();
      await d.transaction('rw', d.kv, async () => {
        await d.kv.delete(UNATTRIBUTED_KEY);
        await d.kv.where('key').startsWith(queryCacheKey('')).delete();
      });
    },
    async removeUnattributed() {
      await (await open()).kv.delete(UNATTRIBUTED_KEY);
    },
  };
}
