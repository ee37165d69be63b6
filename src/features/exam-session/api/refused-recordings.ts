import { recordingStore, syncEngine } from '@/lib/device-sync';
import { saveBlob } from '@/lib/save-blob';
import { recordingOutboxKey } from './complete-exam';
import { ustnoFile, ustnoFileName } from './ustno-file';

/**
 * Hands a recording the server refused to the student as a `.ustno` file (to pass on another way).
 * Answers false when the device no longer holds it.
 */
export async function saveRefusedRecording(clientId: string): Promise<boolean> {
  const assembled = await recordingStore.assemble(clientId);
  if (!assembled) return false;
  const { recording, blob } = assembled;
  // A .ustno file: the teacher's or the student's exam page brings it in later.
  saveBlob(await ustnoFile(recording, blob), ustnoFileName(recording.examName, recording.createdAt));
  return true;
}

/** The student gave up a refused recording: it leaves the outbox and the device. */
export async function discardRefusedRecording(clientId: string): Promise<void> {
  await syncEngine.discard(recordingOutboxKey(clientId));
  await recordingStore.remove(clientId);
}
