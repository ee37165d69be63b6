import { recordingStore, syncEngine } from '@/lib/device-sync';
import type { LocalRecording } from '@/lib/local-db';
import { activeRecordings } from '@/lib/recording-store';
import type { OutboxKindDef } from '@/lib/sync-engine';
import { reportProgress } from './report-progress';
import { apiPartsTransport, type PartsTransport, type SendScope, sendInParts } from '@/lib/upload';
import type { UploadCompleteBody } from '@/shared/contract/student';

// The recording kind of the outbox, whole: what it carries, whose it is (the student who
// recorded it, whoever is signed in when it goes), how it is sent and what a page refreshes.
// Shared by the page and the service worker (src/app/outbox-kinds.ts): no React here.

export const recordingOutboxKey = (clientId: string) => `recording:${clientId}`;

/** A finished recording waiting in the outbox: its audio stays in the recording store. */
export interface RecordingUploadOp {
  clientId: string;
  /** The exam it answers (absent on items older versions queued): its page says when it is sent. */
  examId?: number;
}

declare module '@/lib/sync-engine' {
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
  // One cut short was never stamped by its recorder: it ended with its last chunk.
  await recordingStore.stampRecordedAt(clientId);
  // The teacher's 'Ход экзамена' learns that the answer waits here and how big it is; queued
  // before the recording, so it goes first (best effort: it never holds the answer).
  const size = await recordingStore
    .assemble(clientId)
    .then((a) => a?.blob.size)
    .catch(() => undefined);
  await reportProgress(
    {
      examId: recording.examId,
      clientId,
      variantID: recording.variantId,
      state: 'finished',
      task: recording.taskStarts.length,
      ...(size !== undefined && { pendingBytes: size }),
    },
    recording.ownerId ?? null,
  );
  await syncEngine.enqueue({
    key: recordingOutboxKey(clientId),
    kind: 'recording',
    payload: { clientId, examId: recording.examId },
    label,
    // Sent in its recorder's name only, whoever is signed in when it goes (shared devices).
    owner: recording.ownerId ?? null,
  });
  await recordingStore.markQueued(clientId);
  activeRecordings.delete(clientId);
}

/** The resumable upload of one recording (its parts are kept by the server under its clientId). */
export const recordingUploadUrl = (clientId: string) => `/api/student/uploads/${clientId}`;

const toMs = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The times the server gets, rounded here and only here, together: the duration to the
 * millisecond (at least 0.1 s), each task and question start to the millisecond and never past
 * the duration (one that began as the recording was cut would otherwise start after its end).
 * A recording an older version made has no question starts: none are sent.
 */
export function recordingTimes(
  recording: Pick<LocalRecording, 'duration' | 'taskStarts' | 'questionStarts'>,
): { duration: number; taskStarts: number[]; questionStarts?: number[][] } {
  const duration = Math.max(toMs(recording.duration), 0.1);
  const start = (s: number) => Math.min(toMs(s), duration);
  return {
    duration,
    taskStarts: recording.taskStarts.map(start),
    ...(recording.questionStarts && {
      questionStarts: recording.questionStarts.map((starts) => starts.map(start)),
    }),
  };
}

/**
 * What the complete of a recording says, beside its parts: its exam, times and peaks, whether it
 * was cut short, and when it was recorded by the device's clock (absent on recordings older
 * versions made). `clientSentAt` is added by each attempt, as it sends.
 */
export function recordingDescription(
  recording: LocalRecording,
  blob: Blob,
  peaks: number[],
): Omit<UploadCompleteBody, 'clientSentAt' | 'parts'> {
  return {
    examID: recording.examId,
    variantID: recording.variantId,
    sessionID: recording.sessionId,
    mime: recording.mime,
    ...recordingTimes(recording),
    peaks,
    size: blob.size,
    interrupted: recording.interrupted === true,
    ...(recording.recordedAt && { recordedAt: recording.recordedAt }),
  };
}

/**
 * The recording's parts transport whose complete carries the device's clock at the moment it
 * goes (`clientSentAt`), taken anew by every attempt: the server corrects `recordedAt` by the
 * offset between its arrival and this.
 */
export function recordingTransport(
  clientId: string,
  description: Omit<UploadCompleteBody, 'clientSentAt' | 'parts'>,
  scope: SendScope,
  now: () => Date = () => new Date(),
): PartsTransport {
  const url = recordingUploadUrl(clientId);
  const base = apiPartsTransport(url, description, scope);
  return {
    ...base,
    complete: (parts) =>
      apiPartsTransport(
        url,
        { ...description, clientSentAt: now().toISOString() } satisfies Omit<UploadCompleteBody, 'parts'>,
        scope,
      ).complete(parts),
  };
}

/**
 * The recording kind: sends one recording in parts with its duration, task and question starts,
 * peaks and clocks (asks the server which parts it holds, unless no send of it ever began, sends
 * the rest, then completes; a dropped connection resumes). Every request goes under the
 * recorder's session and stops with the engine's signal. The device copy is removed only after
 * the server confirmed it; a repeat is harmless, the server makes one recording per clientId.
 */
export const recordingKind: OutboxKindDef<'recording'> = {
  kind: 'recording',
  send: async (item, { scope, onProgress }) => {
    const { clientId } = item.payload;
    const assembled = await recordingStore.assemble(clientId);
    if (!assembled) return; // confirmed earlier; only the outbox entry was left
    const { recording, blob, peaks } = assembled;
    if (blob.size === 0) {
      await recordingStore.remove(clientId);
      return;
    }
    const transport = recordingTransport(clientId, recordingDescription(recording, blob, peaks), scope);
    // Marked before anything is sent: a send cut short (a crash, a closed app) asks next time.
    const fresh = recording.uploadBegun !== true;
    if (fresh) await recordingStore.markUploadBegun(clientId);
    await sendInParts(transport, blob, { onProgress, fresh });
    // Its exam's attempts count it from the note until an answer of the server read after now.
    await recordingStore.removeConfirmed(clientId);
  },
  // The student's lists now hold this recording, and the exam's answers (its list row, page and
  // the session's extended exam, all under ['student']) count it in `attemptsUsed`.
  refreshes: () => [{ invalidate: ['student'] }],
};
