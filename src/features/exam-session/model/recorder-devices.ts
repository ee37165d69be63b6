import { holdRecordingLock } from '@/lib/recording-lock';
import { type AudioLevel, audioLevelOf } from './audio-level';

/** What the recorder is made of in the browser: formats, MediaRecorder, the level, the lock. */

export const RECORDING_BITS_PER_SECOND = 32_000;
export const TIMESLICE_MS = 1000;
/** Peaks measured per second of recorded audio (enough for the waveform's 8 px bars). */
export const PEAKS_PER_SECOND = 10;
/** A recorder that does not confirm a start, resume or stop within this long is taken at its word. */
export const RECORDER_EVENT_CAP_MS = 2000;

/** `audio/webm;codecs=opus` where the browser records it, else `audio/mp4` (iOS Safari); null if neither. */
export function pickRecordingMime(
  isTypeSupported: (mime: string) => boolean = (m) => MediaRecorder.isTypeSupported(m),
) {
  for (const mime of ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4;codecs=opus', 'audio/mp4']) {
    if (isTypeSupported(mime)) return mime;
  }
  return null;
}

/** The browser parts a recorder is made of (tests pass fakes). */
export interface RecorderDevices {
  isTypeSupported(mime: string): boolean;
  mediaRecorder(stream: MediaStream, options: MediaRecorderOptions): MediaRecorder;
  level(stream: MediaStream): AudioLevel;
  /** Holds the recording's Web Lock until the returned function is called. */
  lock(clientId: string): Promise<() => void>;
}

export const browserRecorderDevices: RecorderDevices = {
  isTypeSupported: (mime) => MediaRecorder.isTypeSupported(mime),
  mediaRecorder: (stream, options) => new MediaRecorder(stream, options),
  level: audioLevelOf,
  lock: (clientId) => holdRecordingLock(clientId),
};

/** Resolves with `promise`, or after `ms` at the latest. */
export function atMost(promise: Promise<void>, ms = RECORDER_EVENT_CAP_MS): Promise<void> {
  return Promise.race([promise, new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/** Resolves when `target` fires `type`, or after `ms` at the latest. */
export function eventOrTimeout(target: EventTarget, type: string, ms = RECORDER_EVENT_CAP_MS): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      target.removeEventListener(type, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    target.addEventListener(type, done);
  });
}
