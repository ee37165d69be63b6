import type { RecordingFlags } from '@/shared/contract/teacher';

/** A note on how a recording arrived: a key of RECORDING_NOTE with its '…Detail' text beside it. */
export type RecordingNote = 'interrupted' | 'late' | 'afterClose' | 'overAttempts';

/**
 * The notes a recording's flags call for, in the order they are shown. `late` covers both ways
 * of being outside the exam: after the window closed it is said as 'После закрытия', and the
 * withdrawn exam's note stays for the rest. Flags a cached answer from before lacks are false.
 */
export function recordingNotes(flags: Partial<RecordingFlags>): RecordingNote[] {
  const notes: RecordingNote[] = [];
  if (flags.interrupted) notes.push('interrupted');
  if (flags.afterClose) notes.push('afterClose');
  else if (flags.late) notes.push('late');
  if (flags.overAttempts) notes.push('overAttempts');
  return notes;
}
