import { onlineManager, QueryClient } from '@tanstack/react-query';
import {
  type PersistedQueryClientSaveOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { errorStatus } from './api-status';
import { examFocus } from './exam-focus';
import { createDexiePersister } from './query-persister';
import { onSessionChange, sessionChannel } from './session-channel';
import { localDbExists } from './local-db-name';
import { tokenStore } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
export const QUERY_CACHE_MAX_AGE = 30 * DAY;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Show what was last seen (from the persisted cache), then refresh when possible.
        networkMode: 'offlineFirst',
        staleTime: 15_000,
        // Never collected in memory; the persister's maxAge bounds what is kept. (A 30-day gcTime
        // overflows setTimeout's 2^31-1 ms and fires at once, dropping every unobserved query,
        // such as a route loader's, the moment it arrives.)
        gcTime: Infinity,
        retry: (count, error) => {
          const status = errorStatus(error);
          return (status === undefined || status >= 500) && count < 2;
        },
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * The query cache kept in Dexie, one per user, so every screen opens with its last data, offline
 * too. Only the signed-in user's is ever written (localStorage, shared by the tabs, says who).
 */
export const queryPersister = createDexiePersister(() => import('./local-db').then((m) => m.localDb), {
  signedInUser: () => tokenStore.userId(),
});

/**
 * The shape of the cached answers. Bump it only when an answer's shape changes so that the app
 * cannot read what an older version cached: an app update must not throw away the exams a
 * student saved on the device for offline use.
 */
export const QUERY_CACHE_SCHEMA = 'contract-1';

const persistence: PersistedQueryClientSaveOptions = {
  queryClient,
  persister: queryPersister,
  buster: QUERY_CACHE_SCHEMA,
  // Whatever its status: an offline refresh that failed must not cost the data (keepAnswers).
  dehydrateOptions: { shouldDehydrateQuery: (query) => query.state.data !== undefined },
};

let markRestored: () => void = () => undefined;

/** Resolves once the device's cache is in the query client (or found missing or unreadable). */
export const queryCacheRestored = new Promise<void>((resolve) => {
  markRestored = resolve;
});

/** Where a tab goes once it dropped a former user's answers. */
let leavePage = (): void => {
  // The landing shows nobody's data and, unlike /login, ends no session (B may be signed in).
  window.location.replace('/');
};

/** This tab holds a former user's answers: it writes nothing more and drops them when it can. */
let holdsFormerUsers = false;
/** It dropped them and is leaving the page. */
let dropped = false;
/** A logout or login of this tab is clearing the cache: nothing to check meanwhile. */
let clearing = 0;
let waitingForExam = false;

const holdsAnswers = () =>
  queryClient
    .getQueryCache()
    .getAll()
    .some((q) => q.state.data !== undefined);

/**
 * This tab's cache must hold the signed-in user's answers: another tab may have logged out, or
 * in as someone else (the tokens are shared). A cache holding nothing simply becomes the new
 * user's. One holding a former user's answers is never written again, is dropped, and the tab
 * leaves the page, so nothing of theirs stays on screen. A running exam is not cut short: its
 * tab writes nothing and drops the answers once the exam has ended.
 */
export function checkQueryCacheOwner(): void {
  if (clearing > 0 || dropped) return;
  if (!holdsFormerUsers) {
    const user = tokenStore.userId();
    if (queryPersister.owner() === user) return;
    if (!holdsAnswers()) {
      queryPersister.setOwner(user);
      return;
    }
    holdsFormerUsers = true;
    queryPersister.setOwner(null);
  }
  if (examFocus.isActive()) {
    if (!waitingForExam) {
      waitingForExam = true;
      void examFocus.whenInactive().then(() => {
        waitingForExam = false;
        checkQueryCacheOwner();
      });
    }
    return;
  }
  dropped = true;
  queryClient.clear();
  leavePage();
}

/**
 * At app start: tells the query layer whether the browser is online (it assumes so until an
 * event says otherwise, and offline would then end every first fetch in error), restores the
 * signed-in user's cache (nobody's when nobody is signed in), then saves every change and
 * watches for another tab's logout or login. Route loaders wait for `queryCacheRestored`, so
 * they find the cached answers instead of fetching. `leave`: where the tab goes once it dropped a
 * former user's answers (tests).
 */
export async function startQueryCache(options: { leave?: () => void } = {}): Promise<void> {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  if (options.leave) leavePage = options.leave;
  queryPersister.setOwner(tokenStore.userId());
  // Older versions kept one cache for whoever was signed in: it cannot be attributed. Where the
  // device has no database yet (a first visit), Dexie is not even loaded.
  const unattributed = (async () => {
    if (!tokenStore.hasSession() && !(await localDbExists())) return;
    await queryPersister.removeUnattributed();
  })().catch((error: unknown) => {
    console.warn('old query cache not removed', error);
  });
  try {
    await persistQueryClientRestore({ ...persistence, maxAge: QUERY_CACHE_MAX_AGE });
  } catch (error) {
    console.warn('query cache not restored', error);
  } finally {
    markRestored();
  }
  persistQueryClientSubscribe(persistence);
  onSessionChange(checkQueryCacheOwner, sessionChannel());
  if (typeof document !== 'undefined') {
    // The channel is the quick way; coming to the front (or back from the page cache) is the sure one.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') checkQueryCacheOwner();
    });
    window.addEventListener('pageshow', checkQueryCacheOwner);
  }
  // Another tab may have logged out or in while this one restored.
  checkQueryCacheOwner();
  await unattributed;
}

/** Saves the query cache now: what is on screen is on the device. */
export const flushQueryCache = (): Promise<void> => queryPersister.flush();

if (typeof document !== 'undefined') {
  // A hidden page may be closed or frozen next, and a page being left is gone: keep what it has seen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushQueryCache();
  });
  window.addEventListener('pagehide', () => void flushQueryCache());
}

/**
 * Forgets every cached answer, in this tab and on the device (a logout, another user's login).
 * Call it right after the tokens changed: from then on this tab's cache is the signed-in user's
 * (nobody's after a logout), and another tab's write that passed its check before the change is
 * ordered before this removal.
 */
export async function clearQueryCache(): Promise<void> {
  clearing += 1;
  // Nothing is written meanwhile, not even a save already waiting.
  queryPersister.setOwner(null);
  try {
    // A restore still under way would bring the old answers back after the clear.
    await queryCacheRestored;
    queryClient.clear();
    holdsFormerUsers = false;
    await queryPersister.removeAll();
  } finally {
    clearing -= 1;
    queryPersister.setOwner(tokenStore.userId());
  }
}
