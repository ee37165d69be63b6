import { recordingStore, syncEngine } from '@/lib/device-sync';
import { saveBlob } from '@/lib/save-blob';
import { recordingOutboxKey } from './complete-exam';
import { recordingExtension } from '@/shared/recording-media';

function fileName(examName: string, createdAt: string, mime: string): string {
  const safe = examName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'запись';
  const date = createdAt.slice(0, 16).replace('T', ' ').replace(':', '-');
  return `${safe} ${date}.${recordingExtension(mime)}`;
}

/**
 * Hands a recording the server refused to the student as a file (to pass on another way).
 * Answers false when the device no longer holds it.
 */
export async function saveRefusedRecording(clientId: string): Promise<boolean> {
  const assembled = await recordingStore.assemble(clientId);
  if (!assembled) return false;
  const { recording, blob } = assembled;
  saveBlob(blob, fileName(recording.examName, recording.createdAt, recording.mime));
  return true;
}

/** The student gave up a refused recording: it leaves the outbox and the device. */
export async function discardRefusedRecording(clientId: string): Promise<void> {
  await syncEngine.discard(recordingOutboxKey(clientId));
  await recordingStore.remove(clientId);
}
