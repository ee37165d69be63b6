/** The Background Sync tag under which the service worker drains the outbox (page and worker). */
export const OUTBOX_SYNC_TAG = 'ustno-outbox';
