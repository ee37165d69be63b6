import Dexie, { type EntityTable } from 'dexie';

export interface KeyValue {
  key: string;
  value: string;
}

/**
 * The device's own database: the persisted query cache now; the recording chunks and the
 * outbox of the sync engine join it as new versions.
 */
export class LocalDb extends Dexie {
  kv!: EntityTable<KeyValue, 'key'>;

  constructor(name = 'ustno') {
    super(name);
    this.version(1).stores({ kv: 'key' });
  }
}

export const localDb = new LocalDb();
