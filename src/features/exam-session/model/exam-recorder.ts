import { activeRecordings, type RecordingProgress, type RecordingStore } from '@/lib/recording-store';
import { registerBackgroundSync } from '@/lib/sync-engine';
import type { AudioLevel } from './audio-level';
import { ChunkWriter, type StorageHealth } from './chunk-writer';
import type { WindowMark } from './phase-effects';
import {
  atMost,
  browserRecorderDevices,
  eventOrTimeout,
  pickRecordingMime,
  PEAKS_PER_SECOND,
  RECORDING_BITS_PER_SECOND,
  type RecorderDevices,
  TIMESLICE_MS,
} from './recorder-devices';

export interface RecorderMeta {
  clientId: string;
  examId: number;
  examName: string;
  variantId: number;
  sessionId: number | null;
  /** The signed-in student: on a shared device only they may send it. */
  ownerId: string | null;
}

/** Why a recording stopped by itself. */
export type RecorderFault = 'microphone-lost' | 'recorder-error';

export interface RecorderListeners {
  /** Whether every chunk so far is on the device (a failed write is retried meanwhile). */
  onHealth?: (health: StorageHealth) => void;
  /** The microphone went away or the recorder failed: the recording has stopped. */
  onFault?: (fault: RecorderFault) => void;
}

/**
 * Records one exam into one file: started at the first answer window, paused between windows
 * (while the next question is heard, and between tasks), resumed at the next. Every 1 s chunk
 * goes to the device database as it arrives (in order, retried while storage fails, never
 * dropped), with the running duration, the task and question starts and the waveform peaks, so
 * a crash loses at most the last second. Holds the recording's Web Lock
 * from before its row exists until `release`, so no other tab takes it for interrupted.
 */
export class ExamRecorder {
  private readonly recorder: MediaRecorder;
  private readonly level: AudioLevel;
  private readonly writer: ChunkWriter;
  private readonly stopped: Promise<void>;
  private peakTimer: ReturnType<typeof setInterval> | null = null;
  private pendingPeaks: number[] = [];
  private seq = 0;
  private recordedMs = 0;
  private activeSince: number | null = null;
  private readonly taskStarts: number[] = [];
  /** Per task, where each question's answer began ([] for a task without questions). */
  private readonly questionStarts: number[][] = [];
  private started = false;
  private ended = false;
  private faulted = false;
  private releaseLock: () => void = () => undefined;

  private constructor(
    private readonly stream: MediaStream,
    private readonly store: RecordingStore,
    readonly meta: RecorderMeta,
    readonly mime: string,
    devices: RecorderDevices,
    private readonly listeners: RecorderListeners,
  ) {
    this.recorder = devices.mediaRecorder(stream, {
      mimeType: mime,
      audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
    });
    this.recorder.addEventListener('dataavailable', (e) => this.onChunk((e as BlobEvent).data));
    this.recorder.addEventListener('error', () => this.fault('recorder-error'));
    this.stopped = new Promise((resolve) => {
      this.recorder.addEventListener('stop', () => resolve(), { once: true });
    });
    for (const track of stream.getAudioTracks()) {
      // Fired when the device goes (unplugged, taken by a call), not when we stop the track.
      track.addEventListener('ended', () => this.fault('microphone-lost'));
    }
    this.level = devices.level(stream);
    // As close to the student's 'Начать экзамен' as we get: Safari starts audio only from a gesture.
    this.level.resume();
    this.writer = new ChunkWriter(store, { onHealth: listeners.onHealth });
  }

  /** Takes the lock, creates the recorder and its row in the device database; throws if it cannot record. */
  static async create(
    stream: MediaStream,
    store: RecordingStore,
    meta: RecorderMeta,
    listeners: RecorderListeners = {},
    devices: RecorderDevices = browserRecorderDevices,
  ): Promise<ExamRecorder> {
    const mime = pickRecordingMime((m) => devices.isTypeSupported(m));
    if (!mime) throw new Error('MediaRecorder supports neither audio/webm nor audio/mp4');
    // The lock before the row: a 'recording' row whose lock is free is taken for interrupted.
    const releaseLock = await devices.lock(meta.clientId);
    let recorder: ExamRecorder | null = null;
    try {
      recorder = new ExamRecorder(stream, store, meta, mime, devices, listeners);
      recorder.releaseLock = releaseLock;
      await store.create({ ...meta, mime });
    } catch (error) {
      if (recorder) recorder.releaseDevices();
      releaseLock();
      throw error;
    }
    activeRecordings.add(meta.clientId);
    return recorder;
  }

  /** Seconds recorded so far. */
  get duration(): number {
    const running = this.activeSince === null ? 0 : performance.now() - this.activeSince;
    return (this.recordedMs + running) / 1000;
  }

  /** How loud the microphone is now, 0..1 (for the level meter). */
  currentLevel(): number {
    return this.level.peak();
  }

  storageHealth(): StorageHealth {
    return this.writer.getHealth();
  }

  /**
   * An answer window begins: record (start or resume) and mark where: the task's start at its
   * first window, the question's start for a window that answers a question. Resolves once the
   * recorder runs, so the answer's countdown starts with the recording itself.
   */
  async beginWindow(mark: WindowMark): Promise<void> {
    if (this.ended || this.faulted) return;
    const state = this.recorder.state;
    if (state !== 'recording') {
      const running = eventOrTimeout(this.recorder, state === 'inactive' ? 'start' : 'resume');
      if (state === 'inactive') this.recorder.start(TIMESLICE_MS);
      else this.recorder.resume();
      this.started = true;
      this.level.resume();
      await running;
    }
    // Kept as measured: the upload rounds duration and starts together (complete-exam.ts).
    const at = this.duration;
    if (mark.windowIndex === 0) this.taskStarts.push(at);
    while (this.questionStarts.length <= mark.taskIndex) this.questionStarts.push([]);
    if (mark.question) this.questionStarts[mark.taskIndex].push(at);
    this.activeSince = performance.now();
    // Asked again each task: should this tab die mid-exam, the worker wakes with the network and
    // queues what it recorded (an earlier request may have been used up meanwhile).
    void registerBackgroundSync();
    this.peakTimer ??= setInterval(() => this.measurePeak(), 1000 / PEAKS_PER_SECOND);
    const progress = this.progress();
    this.writer.push(() => this.store.updateProgress(this.meta.clientId, progress));
  }

  /** The answer window ended: pause until the next one. */
  endWindow(): void {
    if (this.recorder.state === 'recording') {
      this.recorder.pause();
      // Paused audio is not in the file: flush what was recorded so far now.
      this.recorder.requestData();
    }
    this.closeActiveSpan();
  }

  /**
   * Stops, stores every chunk (retrying as long as the device refuses) and releases the
   * microphone; the recording is stamped with the device's clock as it ended (`recordedAt`).
   * The lock stays until `release`, after the recording was queued.
   */
  async finish(): Promise<RecordingProgress & { recordedAt: string }> {
    this.closeActiveSpan();
    await this.stopRecorder();
    const recordedAt = new Date().toISOString();
    this.releaseDevices();
    const progress = this.progress();
    this.writer.push(() => this.store.updateProgress(this.meta.clientId, progress, recordedAt));
    await this.writer.settled();
    return { ...progress, recordedAt };
  }

  /**
   * Lets the recording go (queued, or left mid-exam): the microphone at once, the lock once
   * every chunk is stored. A recording left unfinished is then sent by the interrupted-recording
   * watcher of whichever tab sees its lock free.
   */
  release(): void {
    activeRecordings.delete(this.meta.clientId);
    this.closeActiveSpan();
    void this.stopRecorder()
      .then(() => {
        this.releaseDevices();
        return this.writer.settled();
      })
      .finally(() => this.releaseLock());
  }

  /** The chunks recorded so far, as one file, for the student to keep when storage fails for good. */
  async recordedFile(): Promise<Blob> {
    const stored = await this.store.assemble(this.meta.clientId).catch(() => null);
    return new Blob([...(stored ? [stored.blob] : []), ...this.writer.unsavedBlobs()], { type: this.mime });
  }

  private progress(): RecordingProgress {
    return {
      duration: this.duration,
      taskStarts: [...this.taskStarts],
      questionStarts: this.questionStarts.map((starts) => [...starts]),
    };
  }

  private async stopRecorder(): Promise<void> {
    this.ended = true;
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    // The last chunk arrives before 'stop'; a recorder that never ran has nothing to give.
    if (this.started) await atMost(this.stopped);
  }

  private releaseDevices(): void {
    if (this.peakTimer) clearInterval(this.peakTimer);
    this.peakTimer = null;
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    this.stream.getTracks().forEach((t) => t.stop());
    this.level.close();
  }

  private closeActiveSpan(): void {
    if (this.activeSince !== null) this.recordedMs += performance.now() - this.activeSince;
    this.activeSince = null;
  }

  private measurePeak(): void {
    if (this.activeSince === null) return;
    this.pendingPeaks.push(Math.round(this.level.peak() * 1000) / 1000);
  }

  private onChunk(blob: Blob): void {
    if (blob.size === 0) return;
    const seq = this.seq++;
    const peaks = this.pendingPeaks.splice(0);
    const progress = this.progress();
    this.writer.push(() => this.store.appendChunk(this.meta.clientId, { seq, blob, peaks }, progress), blob);
  }

  private fault(kind: RecorderFault): void {
    if (this.ended || this.faulted) return;
    this.faulted = true;
    this.closeActiveSpan();
    this.listeners.onFault?.(kind);
  }
}
