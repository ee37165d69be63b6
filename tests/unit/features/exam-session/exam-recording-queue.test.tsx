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

/** Reading the answer to play back: noted in `steps` beside queueing. */
const steps: string[] = [];
const listenBackOf = vi.fn((_store: unknown, _clientId: string): Promise<object | null> =>
  Promise.resolve(null),
);
vi.mock('@/features/exam-session/model/listen-back', () => ({
  listenBackOf: (store: unknown, clientId: string) => {
    steps.push('read');
    return listenBackOf(store, clientId);
  },
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

describe('the answer to play back on the end screen', () => {
  it('is read before the answer is queued (the device copy goes once sent), and failing to read it queues all the same', async () => {
    const { result } = renderHook(() => useExamRecording());
    const played = { blob: new Blob(['audio']), duration: 3, taskStarts: [0], questionStarts: [[]] };
    listenBackOf.mockImplementationOnce(() => Promise.resolve(played));
    enqueueRecording.mockImplementationOnce(() => {
      steps.push('queue');
      return Promise.resolve();
    });
    steps.length = 0;
    await act(async () => {
      await result.current.open({} as MediaStream, { clientId: 'c-1' } as never, () => undefined);
    });
    await expect(result.current.finish('Экзамен')).resolves.toBe(played);
    expect(steps).toEqual(['read', 'queue']);
    expect(listenBackOf).toHaveBeenLastCalledWith(expect.anything(), 'c-1');

    listenBackOf.mockImplementationOnce(() => Promise.reject(new Error('unreadable')));
    enqueueRecording.mockImplementationOnce(() => Promise.resolve());
    const queued = enqueueRecording.mock.calls.length;
    await act(async () => {
      await result.current.open({} as MediaStream, { clientId: 'c-1' } as never, () => undefined);
    });
    await expect(result.current.finish('Экзамен')).resolves.toBeNull();
    expect(enqueueRecording.mock.calls.length).toBe(queued + 1);
  });
});
