import { activeRecordings, type RecordingStore } from '../../../lib/recording-store';

export const RECORDING_BITS_PER_SECOND = 32_000;
export const TIMESLICE_MS = 1000;
/** Peaks measured per second of recorded audio (enough for the waveform's 8 px bars). */
export const PEAKS_PER_SECOND = 10;

/** `audio/webm;codecs=opus` where the browser records it, else `audio/mp4`; null if neither. */
export function pickRecordingMime(
  isTypeSupported: (mime: string) => boolean = (m) => MediaRecorder.isTypeSupported(m),
) {
  for (const mime of ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=opus', 'audio/mp4']) {
    if (isTypeSupported(mime)) return mime;
  }
  return null;
}

export interface RecorderMeta {
  clientId: string;
  examId: number;
  examName: string;
  variantId: number;
  sessionId: number | null;
  /** The signed-in student: on a shared device only they may send it. */
  ownerId: string | null;
}

/**
 * Records one exam into one file: started at the first speaking phase, paused between tasks,
 * resumed at the next; every 1 s chunk goes to the device database as it arrives, with the
 * running duration, the task starts and the waveform peaks measured from the microphone, so a
 * crash loses at most the last second.
 */
export class ExamRecorder {
  private readonly recorder: MediaRecorder;
  private readonly audioContext: AudioContext;
  private readonly analyser: AnalyserNode;
  private readonly samples: Float32Array<ArrayBuffer>;
  private peakTimer: ReturnType<typeof setInterval> | null = null;
  private pendingPeaks: number[] = [];
  private seq = 0;
  private writes: Promise<void> = Promise.resolve();
  private recordedMs = 0;
  private activeSince: number | null = null;
  private readonly taskStarts: number[] = [];
  private stopped: Promise<void> | null = null;
  private writeError: unknown = null;

  private constructor(
    private readonly stream: MediaStream,
    private readonly store: RecordingStore,
    readonly meta: RecorderMeta,
    readonly mime: string,
  ) {
    this.recorder = new MediaRecorder(stream, {
      mimeType: mime,
      audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
    });
    this.recorder.ondataavailable = (e) => this.onChunk(e.data);
    this.audioContext = new AudioContext();
    this.analyser = this.audioContext.createAnalyser();
    this.analyser.fftSize = 2048;
    this.audioContext.createMediaStreamSource(stream).connect(this.analyser);
    this.samples = new Float32Array(this.analyser.fftSize);
  }

  /** Creates the recorder and its record in the device database; throws if it cannot record. */
  static async create(stream: MediaStream, store: RecordingStore, meta: RecorderMeta): Promise<ExamRecorder> {
    const mime = pickRecordingMime();
    if (!mime) throw new Error('MediaRecorder supports neither audio/webm nor audio/mp4');
    const recorder = new ExamRecorder(stream, store, meta, mime);
    await store.create({ ...meta, mime: recorder.mime });
    activeRecordings.add(meta.clientId);
    // Ask once that the browser keeps this device's recordings under storage pressure.
    void navigator.storage?.persist?.();
    return recorder;
  }

  /** Seconds recorded so far. */
  get duration(): number {
    const running = this.activeSince === null ? 0 : performance.now() - this.activeSince;
    return (this.recordedMs + running) / 1000;
  }

  /** The speaking phase of a task begins: record (start or resume) and mark where. */
  beginTask(): void {
    this.throwIfWriteFailed();
    this.taskStarts.push(Math.round(this.duration * 1000) / 1000);
    if (this.recorder.state === 'inactive') this.recorder.start(TIMESLICE_MS);
    else if (this.recorder.state === 'paused') this.recorder.resume();
    this.activeSince = performance.now();
    void this.audioContext.resume();
    this.peakTimer ??= setInterval(() => this.measurePeak(), 1000 / PEAKS_PER_SECOND);
    void this.store.updateProgress(this.meta.clientId, {
      duration: this.duration,
      taskStarts: [...this.taskStarts],
    });
  }

  /** The speaking phase ended: pause until the next one. */
  endTask(): void {
    if (this.recorder.state === 'recording') {
      this.recorder.pause();
      // Paused audio is not in the file: flush what was recorded so far now.
      this.recorder.requestData();
    }
    this.closeActiveSpan();
  }

  /** Stops, writes the last chunk and releases the microphone. */
  async finish(): Promise<{ duration: number; taskStarts: number[] }> {
    this.closeActiveSpan();
    if (this.recorder.state !== 'inactive') {
      this.stopped ??= new Promise<void>((resolve) => {
        this.recorder.addEventListener('stop', () => resolve(), { once: true });
      });
      this.recorder.stop();
      await this.stopped;
    }
    this.releaseDevices();
    await this.writes;
    await this.store.updateProgress(this.meta.clientId, {
      duration: this.duration,
      taskStarts: [...this.taskStarts],
    });
    this.throwIfWriteFailed();
    return { duration: this.duration, taskStarts: [...this.taskStarts] };
  }

  /** Ends without waiting (leaving the page): the chunks written so far stay for recovery. */
  release(): void {
    activeRecordings.delete(this.meta.clientId);
    this.releaseDevices();
  }

  private releaseDevices(): void {
    if (this.peakTimer) clearInterval(this.peakTimer);
    this.peakTimer = null;
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    this.stream.getTracks().forEach((t) => t.stop());
    void this.audioContext.close().catch(() => undefined);
  }

  private closeActiveSpan(): void {
    if (this.activeSince !== null) this.recordedMs += performance.now() - this.activeSince;
    this.activeSince = null;
  }

  private measurePeak(): void {
    if (this.activeSince === null) return;
    this.analyser.getFloatTimeDomainData(this.samples);
    let peak = 0;
    for (const v of this.samples) peak = Math.max(peak, Math.abs(v));
    this.pendingPeaks.push(Math.round(Math.min(1, peak) * 1000) / 1000);
  }

  private onChunk(blob: Blob): void {
    if (blob.size === 0) return;
    const seq = this.seq++;
    const peaks = this.pendingPeaks.splice(0);
    const progress = { duration: this.duration, taskStarts: [...this.taskStarts] };
    // Chained so chunks land in order even if one write is slow.
    this.writes = this.writes
      .then(() => this.store.appendChunk(this.meta.clientId, { seq, blob, peaks }, progress))
      .catch((error: unknown) => {
        this.writeError ??= error;
      });
  }

  private throwIfWriteFailed(): void {
    if (this.writeError) throw this.writeError;
  }
}
