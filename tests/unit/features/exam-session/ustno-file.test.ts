import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ustnoFile, ustnoFileName } from '@/features/exam-session/api/ustno-file';
import type { LocalRecording } from '@/lib/local-db';
import { ustnoAnswerSchema } from '@/shared/contract/progress';

const recording: LocalRecording = {
  clientId: '0b7c8f2e-3f41-4c55-9a8e-2f4b8a3c1d10',
  examId: 3,
  examName: 'Экзамен: май',
  variantId: 4,
  sessionId: null,
  mime: 'audio/webm;codecs=opus',
  createdAt: '2026-11-26T10:15:30.000Z',
  updatedAt: '2026-11-26T10:20:00.000Z',
  duration: 12.50004,
  taskStarts: [0, 6.2501],
  questionStarts: [[], [6.2501, 9]],
  recordedAt: '2026-11-26T10:20:00.000Z',
  status: 'queued',
  ownerId: '17',
  interrupted: true,
};

async function readBack(blob: Blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { bytes, entries: unzipSync(bytes) };
}

describe('the .ustno file', () => {
  it('holds the audio and answer.json that the contract reads', async () => {
    const audio = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);
    const { entries } = await readBack(await ustnoFile(recording, new Blob([audio])));
    expect(Object.keys(entries).sort()).toEqual(['answer.json', 'answer.webm']);
    expect([...entries['answer.webm']!]).toEqual([...audio]);
    const answer = ustnoAnswerSchema.parse(JSON.parse(new TextDecoder().decode(entries['answer.json'])));
    expect(answer).toEqual({
      version: 1,
      examID: 3,
      variantID: 4,
      studentId: 17,
      clientId: recording.clientId,
      mime: 'audio/webm;codecs=opus',
      duration: 12.5,
      taskStarts: [0, 6.25],
      questionStarts: [[], [6.25, 9]],
      recordedAt: '2026-11-26T10:20:00.000Z',
      interrupted: true,
    });
  });

  it('is a stored zip (the audio is readable as it is) and names MP4 audio answer.m4a', async () => {
    const audio = new TextEncoder().encode('ftyp-audio-bytes-to-find');
    const { bytes, entries } = await readBack(
      await ustnoFile({ ...recording, mime: 'audio/mp4' }, new Blob([audio])),
    );
    expect(Object.keys(entries)).toContain('answer.m4a');
    expect(new TextDecoder('latin1').decode(bytes)).toContain('ftyp-audio-bytes-to-find');
  });

  it('is named after the exam and when it was recorded', () => {
    expect(ustnoFileName('Экзамен: май', recording.createdAt)).toBe('Экзамен  май 2026-11-26 10-15.ustno');
  });
});
