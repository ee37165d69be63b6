import { recordingStore, syncEngine } from '../../../lib/device-sync';
import { activeRecordings } from '../../../lib/recording-store';
import type { OutboxHandler } from '../../../lib/sync-engine';
import { apiPartsTransport, sendInParts } from '../../../lib/upload';
import { RECORDING_PART_BYTES, type UploadCompleteBody } from '../../../shared/contract/student';

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

/** The resumable upload of one recording (its parts are kept by the server under its clientId). */
export const recordingUploadUrl = (clientId: string) => `/api/student/uploads/${clientId}`;

/**
 * Sends one recording in parts with its duration, task starts and peaks: asks the server which
 * parts it holds, sends the rest, then completes. A dropped connection resumes from the parts
 * already there. The device copy is removed only after the server confirmed the recording; a
 * repeat is harmless, the server makes one recording per clientId.
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
  const description = {
    examID: recording.examId,
    variantID: recording.variantId,
    sessionID: recording.sessionId,
    mime: recording.mime,
    duration: Math.max(recording.duration, 0.1),
    taskStarts: recording.taskStarts,
    peaks,
    parts: Math.ceil(blob.size / RECORDING_PART_BYTES),
    size: blob.size,
    interrupted: recording.interrupted === true,
  } satisfies UploadCompleteBody;
  await sendInParts(apiPartsTransport(recordingUploadUrl(clientId), description), blob, { onProgress });
  await recordingStore.remove(clientId);
};
