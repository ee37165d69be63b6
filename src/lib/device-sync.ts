import { localDb } from './local-db';
import { RecordingStore } from './recording-store';
import { SyncEngine } from './sync-engine';
import { tokenStore } from './tokens';

/**
 * The app's one sync engine over the device database; features register their handlers. No
 * React here: the service worker runs the same engine (its owner comes from its own session).
 */
export const syncEngine = new SyncEngine({ db: localDb, currentOwner: () => tokenStore.userId() });

export const recordingStore = new RecordingStore(localDb);
