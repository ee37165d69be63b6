import type { LocalRecording } from '@/lib/local-db';

/**
 * What the student is told about a recording of theirs still on the device:
 * 'interrupted' — it was cut off and goes out by itself; 'send-by-hand' — cut off, on a browser
 * without Web Locks (no way to tell another tab's live recording from a dead one), so sending
 * is the student's call; null — nothing (it is being recorded, or was queued normally).
 */
export type RecordingNotice = 'interrupted' | 'send-by-hand';

export function recordingNotice(
  recording: LocalRecording,
  options: { held: ReadonlySet<string>; locksAvailable: boolean },
): RecordingNotice | null {
  if (recording.status === 'queued') return recording.interrupted ? 'interrupted' : null;
  // A tab records it right now: never offered, never sent from here.
  if (options.held.has(recording.clientId)) return null;
  return options.locksAvailable ? 'interrupted' : 'send-by-hand';
}
