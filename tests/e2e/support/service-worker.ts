import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import { OUTBOX_SYNC_TAG } from '@/lib/sync-tag';
import { moveClock } from './clock';

/**
 * The app's service worker with no page of the app open: Background Sync events dispatched over
 * the DevTools protocol, and what the worker made of them.
 *
 * `ServiceWorker.dispatchSyncEvent` answers `{}` as soon as the event is posted to the worker and
 * never reports how it ended (Chromium's handler passes a no-op callback to the Background Sync
 * manager), so a rejected event cannot be read from the call. `watchSyncEvents` records each sync
 * event's outcome inside the worker instead: it wraps `ExtendableEvent.prototype.waitUntil` and
 * notes whether the promise the app handed it fulfilled or rejected. Playwright stays attached to
 * the worker, and Chromium does not stop an attached worker when it idles, so the wrapper (and a
 * moved clock, `moveWorkerClock`) lasts for the whole test.
 */

export interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/**
 * A DevTools session on a page outside the app (it keeps the session alive once every page of the
 * app is closed) and the app's service worker registration as the protocol reports it.
 */
export async function openSyncSession(
  context: BrowserContext,
  origin: string,
): Promise<{ cdp: CDPSession; registration: Registration; outside: Page }> {
  const outside = await context.newPage();
  const cdp = await context.newCDPSession(outside);
  const found = new Promise<Registration>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations }: { registrations: Registration[] }) => {
        const mine = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (mine) resolve(mine);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, registration: await found, outside };
}

/** Dispatches the outbox's Background Sync event, as the browser does when the network returns. */
export async function dispatchSync(
  cdp: CDPSession,
  origin: string,
  registration: Registration,
  lastChance = false,
): Promise<void> {
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: registration.registrationId,
    tag: OUTBOX_SYNC_TAG,
    lastChance,
  });
}

/** The app's running service worker, as Playwright sees it (call once it controls a page). */
export async function appServiceWorker(context: BrowserContext, origin: string): Promise<Worker> {
  const running = context.serviceWorkers().find((w) => w.url().startsWith(origin));
  return running ?? context.waitForEvent('serviceworker', (w) => w.url().startsWith(origin));
}

export type SyncOutcome = 'fulfilled' | `rejected: ${string}`;

/** The sync events the worker was handed since `watchSyncEvents`, and how those that ended ended. */
export interface SyncEvents {
  started: number;
  outcomes: SyncOutcome[];
}

/** From now on, the worker notes how each sync event ended (see the module's comment). */
export async function watchSyncEvents(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    interface Extendable {
      prototype: { waitUntil(this: Event, promise: Promise<unknown>): void };
    }
    const scope = self as unknown as {
      __e2eSync?: { started: number; outcomes: string[] };
      ExtendableEvent: Extendable;
    };
    if (scope.__e2eSync) return;
    const seen = { started: 0, outcomes: [] as string[] };
    scope.__e2eSync = seen;
    const proto = scope.ExtendableEvent.prototype;
    const waitUntil = proto.waitUntil;
    proto.waitUntil = function (this: Event, promise: Promise<unknown>) {
      if (this.type === 'sync') {
        seen.started += 1;
        Promise.resolve(promise).then(
          () => seen.outcomes.push('fulfilled'),
          (error: unknown) => seen.outcomes.push(`rejected: ${String(error)}`),
        );
      }
      waitUntil.call(this, promise);
    };
  });
}

/** What the worker noted (see `watchSyncEvents`). */
export const syncEvents = (worker: Worker): Promise<SyncEvents> =>
  worker.evaluate(() => {
    const seen = (self as unknown as { __e2eSync?: SyncEvents }).__e2eSync;
    return seen ? { started: seen.started, outcomes: [...seen.outcomes] } : { started: 0, outcomes: [] };
  });

/**
 * Dispatches a sync event once no other is running (the browser fires some of its own: when an
 * item is queued, when the network returns) and answers how the events that ran from then on
 * ended, once all of them did.
 */
export async function syncAndSettle(
  worker: Worker,
  cdp: CDPSession,
  origin: string,
  registration: Registration,
  timeoutMs = 30_000,
): Promise<SyncOutcome[]> {
  // The events noted, once every event handed to the worker has ended (else undefined).
  const settled = async () => {
    const seen = await syncEvents(worker);
    return seen.started === seen.outcomes.length ? seen.outcomes : undefined;
  };
  const last: { outcomes?: SyncOutcome[] } = {};
  await expect.poll(async () => (last.outcomes = await settled()), { timeout: timeoutMs }).toBeDefined();
  const from = last.outcomes?.length ?? 0;
  await dispatchSync(cdp, origin, registration);
  await expect
    .poll(async () => ((last.outcomes = await settled())?.length ?? 0) > from, { timeout: timeoutMs })
    .toBe(true);
  return last.outcomes?.slice(from) ?? [];
}

/**
 * Moves the worker's clock `ms` ahead, as if that much time had passed since the page closed
 * (see `moveClock`).
 */
export const moveWorkerClock = (worker: Worker, ms: number): Promise<void> => moveClock(worker, ms);

/**
 * What a test of the app closed needs, once the worker controls a page: the sync session (see
 * `openSyncSession`) and the app's worker noting how each sync event ends (see `watchSyncEvents`).
 */
export async function watchClosedApp(context: BrowserContext, origin: string) {
  const { cdp, registration } = await openSyncSession(context, origin);
  const worker = await appServiceWorker(context, origin);
  await watchSyncEvents(worker);
  return { cdp, registration, worker };
}
