import { recordingStore, syncEngine } from '../../../lib/outbox';
import { queryClient } from '../../../lib/query-client';
import { activeRecordings } from '../../../lib/recording-store';
import type { OutboxHandler } from '../../../lib/sync-engine';
import { uploadForm } from '../../../lib/upload';

export const COMPLETE_EXAM_URL = '/api/student/exam/complete';

export const recordingOutboxKey = (clientId: string) => `recording:${clientId}`;

/** A finished recording waiting in the outbox: its audio stays in the recording store. */
export interface RecordingUploadOp {
  clientId: string;
}

declare module '../../../lib/sync-engine' {
  interface OutboxPayloads {
    recording: RecordingUploadOp;
  }
}

/**
 * Puts a finished (or interrupted) recording into the outbox; it is sent when the network
 * allows. A recording whose row is gone (already sent) is never queued.
 */
export async function enqueueRecording(
  clientId: string,
  label: string,
  options: { interrupted?: boolean } = {},
): Promise<void> {
  const recording = await recordingStore.get(clientId);
  if (!recording) return;
  // Flagged before it is queued, so the upload carries the flag whenever it goes.
  if (options.interrupted) await recordingStore.markInterrupted(clientId);
  // Sent in its recorder's name only, whoever is signed in when it goes (shared devices).
  const owner = recording.ownerId ?? null;
  await syncEngine.enqueue({
    key: recordingOutboxKey(clientId),
    kind: 'recording',
    payload: { clientId },
    label,
    owner,
  });
  await recordingStore.markQueued(clientId);
  activeRecordings.delete(clientId);
}

function extensionOf(mime: string): string {
  return mime.startsWith('audio/mp4') ? 'm4a' : 'webm';
}

/**
 * Sends one recording with its duration, task starts and peaks (fields before the file, as
 * the server streams the file). The device copy is removed only after the server confirmed it;
 * a repeat is harmless, the server stores one recording per clientId.
 */
export const uploadRecording: OutboxHandler<'recording'> = async (item, onProgress) => {
  const { clientId } = item.payload;
  const assembled = await recordingStore.assemble(clientId);
  if (!assembled) return; // confirmed earlier; only the outbox entry was left
  const { recording, blob, peaks } = assembled;
  if (blob.size === 0) {
    await recordingStore.remove(clientId);
    return;
  }
  await uploadForm(
    COMPLETE_EXAM_URL,
    () => {
      const form = new FormData();
      form.append('clientId', recording.clientId);
      form.append('examID', String(recording.examId));
      form.append('variantID', String(recording.variantId));
      if (recording.sessionId !== null) form.append('sessionID', String(recording.sessionId));
      form.append('mime', recording.mime);
      form.append('duration', String(Math.max(recording.duration, 0.1)));
      form.append('taskStarts', JSON.stringify(recording.taskStarts));
      form.append('peaks', JSON.stringify(peaks));
      if (recording.interrupted) form.append('interrupted', 'true');
      form.append('audio', blob, `${recording.clientId}.${extensionOf(recording.mime)}`);
      return form;
    },
    onProgress,
  );
  await recordingStore.remove(clientId);
  // The student's lists now hold this recording.
  await queryClient.invalidateQueries({ queryKey: ['student'] });
};
