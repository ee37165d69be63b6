import type { LocalRecording } from '@/lib/local-db';
import { USTNO_ENTRIES, USTNO_FILE_VERSION, type UstnoAnswerInput } from '@/shared/contract/progress';
import { recordingExtension } from '@/shared/recording-media';
import { recordingTimes } from './complete-exam';

/** The `.ustno` file's name: the exam and when it was recorded. */
export function ustnoFileName(examName: string, createdAt: string): string {
  const safe = examName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'запись';
  const date = createdAt.slice(0, 16).replace('T', ' ').replace(':', '-');
  return `${safe} ${date}.ustno`;
}

/**
 * One answer as a `.ustno` file (issue 23): a stored zip (no compression: the audio is
 * compressed already) of the audio and answer.json, which the teacher's or the student's exam
 * page brings in when the network could not carry it.
 */
export async function ustnoFile(recording: LocalRecording, audio: Blob): Promise<Blob> {
  const answer: UstnoAnswerInput = {
    version: USTNO_FILE_VERSION,
    examID: recording.examId,
    variantID: recording.variantId,
    studentId: Number(recording.ownerId),
    clientId: recording.clientId,
    mime: recording.mime,
    ...recordingTimes(recording),
    ...(recording.recordedAt && { recordedAt: recording.recordedAt }),
    interrupted: recording.interrupted ?? false,
  };
  const audioEntry = recordingExtension(recording.mime) === 'm4a' ? USTNO_ENTRIES.mp4 : USTNO_ENTRIES.webm;
  // The zip writer loads when a file is saved, not with the exam.
  const { zipSync } = await import('fflate');
  const zip = zipSync(
    {
      [USTNO_ENTRIES.json]: new TextEncoder().encode(JSON.stringify(answer)),
      [audioEntry]: new Uint8Array(await audio.arrayBuffer()),
    },
    { level: 0 },
  );
  return new Blob([zip], { type: 'application/zip' });
}
