import { useSyncExternalStore } from 'react';
import { localDb } from './local-db';
import { RecordingStore } from './recording-store';
import { SyncEngine, type SyncSnapshot } from './sync-engine';
import { tokenStore } from './tokens';

/** The app's one sync engine over the device database; features register their handlers. */
export const syncEngine = new SyncEngine({ db: localDb, currentOwner: () => tokenStore.userId() });

export const recordingStore = new RecordingStore(localDb);

export function useSyncStatus(): SyncSnapshot {
  return useSyncExternalStore(syncEngine.subscribe, syncEngine.getSnapshot);
}
