import type { LocalDb, LocalRecording } from './local-db';

/** What a new recording starts with; the rest (times, duration, status) the store fills in. */
export type NewRecording = Pick<
  LocalRecording,
  'clientId' | 'examId' | 'examName' | 'variantId' | 'sessionId' | 'mime' | 'ownerId'
>;

/** What a recorder writes as it goes: the audio's length so far and where answers began. */
export type RecordingProgress = Pick<LocalRecording, 'duration' | 'taskStarts'> & {
  questionStarts: number[][];
};

/**
 * A recording the server confirmed, remembered on the device for a while (`kv`, under
 * `confirmed-recording:<clientId>`): an exam's attempts count it until an answer of the server
 * read after `at` does (offline, after a reload, when the service worker sent it).
 */
export interface ConfirmedRecording {
  clientId: string;
  examId: number;
  ownerId: string | null;
  /** When the device removed its copy, by its clock (ms). */
  at: number;
}

const CONFIRMED_PREFIX = 'confirmed-recording:';
/** Older notes are dropped: a saved answer of the server older than this is refreshed long since. */
export const CONFIRMED_KEPT_MS = 30 * 24 * 3600_000;

function parseConfirmed(key: string, value: string): ConfirmedRecording | null {
  try {
    const note = JSON.parse(value) as Omit<ConfirmedRecording, 'clientId'>;
    return { clientId: key.slice(CONFIRMED_PREFIX.length), ...note };
  } catch {
    return null;
  }
}

/**
 * Recordings being made in this tab right now: not "interrupted", whatever their status says.
 * Where the browser has Web Locks, the recording's lock says this for every tab (recording-lock).
 */
export const activeRecordings = new Set<string>();

/** Recordings and their chunks in the device database; each write is durable on its own. */
export class RecordingStore {
  constructor(private readonly db: LocalDb) {}

  /** Opens the database again after it was closed under us, so a failed write can be retried. */
  async reopen(): Promise<void> {
    if (!this.db.isOpen()) await this.db.open();
  }

  async create(rec: NewRecording): Promise<void> {
    const now = new Date().toISOString();
    await this.db.recordings.add({
      ...rec,
      createdAt: now,
      updatedAt: now,
      duration: 0,
      taskStarts: [],
      questionStarts: [],
      status: 'recording',
    });
  }

  /** Adds one chunk and the running duration and answer starts, in one transaction. */
  async appendChunk(
    clientId: string,
    chunk: { seq: number; blob: Blob; peaks: number[] },
    progress: RecordingProgress,
  ): Promise<void> {
    await this.db.transaction('rw', this.db.chunks, this.db.recordings, async () => {
      await this.db.chunks.add({ clientId, ...chunk });
      await this.db.recordings.update(clientId, {
        duration: progress.duration,
        taskStarts: progress.taskStarts,
        questionStarts: progress.questionStarts,
        updatedAt: new Date().toISOString(),
      });
    });
  }

  /** The running progress; with `recordedAt` (the device's clock) once the recording ended. */
  async updateProgress(clientId: string, progress: RecordingProgress, recordedAt?: string): Promise<void> {
    await this.db.recordings.update(clientId, {
      duration: progress.duration,
      taskStarts: progress.taskStarts,
      questionStarts: progress.questionStarts,
      ...(recordedAt && { recordedAt }),
      updatedAt: new Date().toISOString(),
    });
  }

  get(clientId: string): Promise<LocalRecording | undefined> {
    return this.db.recordings.get(clientId);
  }

  /** Every recording still being recorded by its row (whoever owns it, whichever tab records it). */
  recordingNow(): Promise<LocalRecording[]> {
    return this.db.recordings.where('status').equals('recording').toArray();
  }

  /** Every recording of this user still on the device (not yet confirmed by the server). */
  async recordingsOf(ownerId: string | null): Promise<LocalRecording[]> {
    const rows = await this.db.recordings.toArray();
    return rows.filter((r) => (r.ownerId ?? null) === ownerId);
  }

  /** The whole recording as one Blob (chunks in order) and its peaks. */
  async assemble(
    clientId: string,
  ): Promise<{ recording: LocalRecording; blob: Blob; peaks: number[] } | null> {
    const recording = await this.db.recordings.get(clientId);
    if (!recording) return null;
    const chunks = await this.db.chunks
      .where('[clientId+seq]')
      .between([clientId, -Infinity], [clientId, Infinity])
      .toArray();
    const blob = new Blob(
      chunks.map((c) => c.blob),
      { type: recording.mime },
    );
    return { recording, blob, peaks: chunks.flatMap((c) => c.peaks) };
  }

  async chunkCount(clientId: string): Promise<number> {
    return this.db.chunks
      .where('[clientId+seq]')
      .between([clientId, -Infinity], [clientId, Infinity])
      .count();
  }

  /** A send of it begins: from now on the server may hold parts of it. */
  async markUploadBegun(clientId: string): Promise<void> {
    await this.db.recordings.update(clientId, { uploadBegun: true });
  }

  /** It ended before its exam did; the upload says so. */
  async markInterrupted(clientId: string): Promise<void> {
    await this.db.recordings.update(clientId, { interrupted: true });
  }

  /**
   * A recording about to be queued without its end stamped (cut short: its tab died, the app was
   * closed mid-exam) ended with its last write, its last chunk (`updatedAt`, before queueing
   * changes it). A stamp already there stays.
   */
  async stampRecordedAt(clientId: string): Promise<void> {
    await this.db.transaction('rw', this.db.recordings, async () => {
      const row = await this.db.recordings.get(clientId);
      if (row && !row.recordedAt) await this.db.recordings.update(clientId, { recordedAt: row.updatedAt });
    });
  }

  async markQueued(clientId: string): Promise<void> {
    await this.db.recordings.update(clientId, { status: 'queued', updatedAt: new Date().toISOString() });
  }

  /**
   * Forgets a recording the server confirmed, noting it (see `ConfirmedRecording`) in the same
   * transaction, so that it is never counted by neither; notes older than a month go.
   */
  async removeConfirmed(clientId: string, at: number = Date.now()): Promise<void> {
    await this.db.transaction('rw', this.db.chunks, this.db.recordings, this.db.kv, async () => {
      const row = await this.db.recordings.get(clientId);
      if (row) {
        const note: Omit<ConfirmedRecording, 'clientId'> = {
          examId: row.examId,
          ownerId: row.ownerId ?? null,
          at,
        };
        await this.db.kv.put({ key: `${CONFIRMED_PREFIX}${clientId}`, value: JSON.stringify(note) });
      }
      await this.remove(clientId);
      const old = (await this.db.kv.where('key').startsWith(CONFIRMED_PREFIX).toArray()).filter(
        (r) => (parseConfirmed(r.key, r.value)?.at ?? 0) < at - CONFIRMED_KEPT_MS,
      );
      await this.db.kv.bulkDelete(old.map((r) => r.key));
    });
  }

  /** The recordings of this user the server confirmed lately (see `ConfirmedRecording`). */
  async confirmedOf(ownerId: string | null): Promise<ConfirmedRecording[]> {
    const rows = await this.db.kv.where('key').startsWith(CONFIRMED_PREFIX).toArray();
    return rows
      .map((r) => parseConfirmed(r.key, r.value))
      .filter((c): c is ConfirmedRecording => c !== null && c.ownerId === ownerId);
  }

  /** Forgets a recording with nothing recorded, or one discarded (the server never took it). */
  async remove(clientId: string): Promise<void> {
    await this.db.transaction('rw', this.db.chunks, this.db.recordings, async () => {
      await this.db.chunks
        .where('[clientId+seq]')
        .between([clientId, -Infinity], [clientId, Infinity])
        .delete();
      await this.db.recordings.delete(clientId);
    });
  }
}
