import Dexie, { type EntityTable } from 'dexie';
import { LOCAL_DB_NAME } from './local-db-name';

export interface KeyValue {
  key: string;
  value: string;
}

export type LocalRecordingStatus = 'recording' | 'queued';

/** A recording made on this device, kept until the server confirmed it. */
export interface LocalRecording {
  clientId: string;
  examId: number;
  examName: string;
  variantId: number;
  sessionId: number | null;
  mime: string;
  createdAt: string;
  updatedAt: string;
  /** Seconds of audio recorded so far (MediaRecorder's WebM carries no duration). */
  duration: number;
  /** Seconds into the recording at which each task's speaking phase began. */
  taskStarts: number[];
  /**
   * Per task, seconds into the recording at which each question's answer began ([] for a task
   * without questions). Absent on recordings older versions made (not indexed: no schema change).
   */
  questionStarts?: number[][];
  /**
   * The device's clock when the recording ended (for one cut short, its last chunk); absent on
   * recordings older versions made.
   */
  recordedAt?: string;
  status: LocalRecordingStatus;
  /** Who recorded it: on a shared device only that user may send it. */
  ownerId: string | null;
  /** It ended before the exam did (a reload, a closed tab, a lost microphone): sent as such. */
  interrupted?: boolean;
  /**
   * A send of it began, so the server may hold parts of it: a send then asks what it holds
   * first. Absent: no send began (a row an older version queued is sent whole once more; the
   * server still makes one recording of a clientId). Not indexed: no schema change.
   */
  uploadBegun?: boolean;
}

/** One timeslice of a recording, written as it arrives, with the peaks measured meanwhile. */
export interface RecordingChunk {
  id?: number;
  clientId: string;
  seq: number;
  blob: Blob;
  peaks: number[];
}

/**
 * Work waiting for the server, as stored: replayed in order by the sync engine, removed once
 * confirmed. Its `kind` names a payload type (`OutboxPayloads` in sync-engine.ts).
 */
export interface OutboxRow {
  id?: number;
  /** Unique per piece of work, e.g. `recording:<clientId>`; a second enqueue is ignored. */
  key: string;
  kind: string;
  payload: unknown;
  /** Shown in the pending indicator. */
  label: string;
  createdAt: string;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  /** The server refused it for good (a 4xx): kept and shown, skipped until retried by hand. */
  blocked: boolean;
  /** Whose work it is: sent only while that user is signed in (classroom devices are shared). */
  owner: string | null;
  /** Items of one group are sent in order; groups are independent (absent on older rows). */
  group?: string;
}

export { LOCAL_DB_NAME } from './local-db-name';

/** The device's own database: query cache, recordings in progress and the outbox. */
export class LocalDb extends Dexie {
  kv!: EntityTable<KeyValue, 'key'>;
  recordings!: EntityTable<LocalRecording, 'clientId'>;
  chunks!: EntityTable<RecordingChunk, 'id'>;
  outbox!: EntityTable<OutboxRow, 'id'>;

  constructor(name = LOCAL_DB_NAME) {
    // Strict: a committed chunk is on disk, so a power cut loses at most the last second.
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ kv: 'key' });
    this.version(2).stores({
      kv: 'key',
      recordings: 'clientId, status',
      chunks: '++id, [clientId+seq]',
      outbox: '++id, &key, kind',
    });
  }
}

export const localDb = new LocalDb();
