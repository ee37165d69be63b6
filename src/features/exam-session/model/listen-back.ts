import type { RecordingStore } from '@/lib/recording-store';
import { withKnownDuration } from './webm-duration';

/** The finished answer as the end screen plays it back: the audio and where each answer began. */
export interface ListenBack {
  /** In memory, its length in its header (a WebM's written in from the device's measure). */
  blob: Blob;
  /** Seconds. */
  duration: number;
  taskStarts: number[];
  /** Per task, where each question's answer began. */
  questionStarts: number[][];
}

/**
 * The recording as the device stored it, copied into memory: its copy on the device goes as soon
 * as the server confirms it, while the student may still be listening. Null when nothing was
 * recorded.
 */
export async function listenBackOf(
  store: Pick<RecordingStore, 'assemble'>,
  clientId: string,
): Promise<ListenBack | null> {
  const assembled = await store.assemble(clientId);
  if (!assembled || assembled.blob.size === 0) return null;
  const { recording, blob } = assembled;
  const copy = new Blob([await blob.arrayBuffer()], { type: blob.type });
  return {
    blob: await withKnownDuration(copy, recording.duration),
    duration: recording.duration,
    taskStarts: [...recording.taskStarts],
    questionStarts: (recording.questionStarts ?? []).map((starts) => [...starts]),
  };
}
