import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The recorder as a fake that counts what the hook asks of it; queueing fails once (storage full).
const recorder = {
  meta: { clientId: 'c-1' },
  mime: 'audio/webm;codecs=opus',
  finish: vi.fn(() => Promise.resolve({ duration: 3, taskStarts: [0] })),
  release: vi.fn(),
  recordedFile: vi.fn(() => Promise.resolve(new Blob(['audio'], { type: 'audio/webm' }))),
  currentLevel: () => 0,
};
vi.mock('@/features/exam-session/model/exam-recorder', () => ({
  ExamRecorder: { create: () => Promise.resolve(recorder) },
}));

const enqueueRecording = vi.fn((_clientId: string, _label: string, _options: object): Promise<void> =>
  Promise.reject(new DOMException('quota', 'QuotaExceededError')),
);
vi.mock('@/features/exam-session/api/complete-exam', () => ({
  enqueueRecording: (clientId: string, label: string, options: object) =>
    enqueueRecording(clientId, label, options),
}));

const saveBlob = vi.fn((_blob: Blob, _name: string) => undefined);
vi.mock('@/lib/save-blob', () => ({
  saveBlob: (blob: Blob, name: string) => saveBlob(blob, name),
}));

const { useExamRecording } = await import('@/features/exam-session/hooks/use-exam-recording');

describe('the recording when the device cannot queue it', () => {
  it('keeps it (and its lock) to be saved as a file, and a retry only queues it', async () => {
    const { result } = renderHook(() => useExamRecording());
    await act(async () => {
      await result.current.open({} as MediaStream, {} as never, () => undefined);
    });
    await expect(result.current.finish('Экзамен', { interrupted: false })).rejects.toThrow('quota');
    expect(recorder.release).not.toHaveBeenCalled();

    await result.current.saveFile('Экзамен');
    expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'Экзамен.webm');

    enqueueRecording.mockImplementationOnce(() => Promise.resolve());
    await result.current.finish('Экзамен', { interrupted: false });
    expect(recorder.finish).toHaveBeenCalledTimes(1);
    expect(enqueueRecording).toHaveBeenCalledTimes(2);
    expect(recorder.release).toHaveBeenCalledTimes(1);
  });
});
