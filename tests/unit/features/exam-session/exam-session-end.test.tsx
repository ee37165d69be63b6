import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListenBack } from '@/features/exam-session/model/listen-back';

// The exam's parts around the session hook, as fakes: the microphone opens, the variant loads,
// and the phase effects hand the test the moment the exam ends. The recording's queueing is the
// part under test: it can fail (the device's storage is full).

const notify = { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() };
vi.mock('@/lib/notify', () => ({ useNotify: () => notify }));

const track = { stop: vi.fn() };
vi.mock('@/features/exam-session/model/microphone', () => ({
  openMicrophone: () => Promise.resolve({ getTracks: () => [track], getAudioTracks: () => [track] }),
  microphoneProblemOf: () => 'failed',
}));

vi.mock('@/lib/route-data', () => ({
  OfflineError: class extends Error {},
  ensureData: () =>
    Promise.resolve({
      id: 4,
      name: 'Вариант',
      tasks: [
        {
          sequence_number: 1,
          task: {
            id: 9,
            name: 'Задание',
            text: '',
            type: 'TEXT_TASK',
            preparationDuration: 1,
            duration: 2,
            files: [],
            criteria: [],
            questions: [],
          },
        },
      ],
    }),
}));

vi.mock('@/features/exam-session/api/start-session', () => ({
  startSession: () => Promise.resolve(5),
}));
const completeSession = vi.fn((_sessionId: number | null) => Promise.resolve());
vi.mock('@/features/exam-session/api/complete-session', () => ({
  completeSession: (sessionId: number | null) => completeSession(sessionId),
}));

let endExam: () => Promise<void> = () => Promise.resolve();
vi.mock('@/features/exam-session/model/phase-effects', () => ({
  PhaseEffects: class {
    constructor(deps: { onFinish: () => Promise<void> }) {
      endExam = deps.onFinish;
    }
    run() {}
    stop() {}
  },
}));

const leaveFocusMode = vi.fn();
vi.mock('@/features/exam-session/hooks/use-focus-mode', () => ({
  useFocusMode: () => ({ status: 'idle' }),
  leaveFocusMode: () => leaveFocusMode(),
}));

/**
 * The recording: `queue` decides whether queueing it succeeds (and what it gives to play back);
 * `fault` is the recorder stopping.
 */
let queue: (options?: { interrupted?: boolean }) => Promise<ListenBack | null>;
let fault: (kind: 'microphone-lost') => void = () => undefined;
const saveFile = vi.fn((_name: string) => Promise.resolve());
vi.mock('@/features/exam-session/hooks/use-exam-recording', () => ({
  useExamRecording: () => ({
    open: (_stream: unknown, _meta: unknown, onFault: typeof fault) => {
      fault = onFault;
      return Promise.resolve({});
    },
    finish: (_label: string, options?: { interrupted?: boolean }) => queue(options),
    saveFile: (name: string) => saveFile(name),
    level: () => 0,
    health: { error: null, unsaved: 0, recovered: false },
  }),
}));

const { useExamSession } = await import('@/features/exam-session/hooks/use-exam-session');
const { RecordingNotSavedNote } = await import('@/features/exam-session/components/storage-notices');

const storageFull = () => Promise.reject(new DOMException('quota', 'QuotaExceededError'));
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

async function runExam() {
  const hook = renderHook(() => useExamSession({ examId: 3, examName: 'Экзамен' }), { wrapper });
  await act(() => hook.result.current.start(4));
  expect(hook.result.current.stage).toBe('running');
  return { hook };
}

const answer: ListenBack = {
  blob: new Blob(['audio'], { type: 'audio/webm' }),
  duration: 4,
  taskStarts: [0],
  questionStarts: [[]],
};

beforeEach(() => {
  vi.clearAllMocks();
  queue = () => Promise.resolve(answer);
});

describe('the start of an exam', () => {
  it("asks for a variant ('Выберите вариант') when none is picked, and opens nothing", async () => {
    const hook = renderHook(() => useExamSession({ examId: 3, examName: 'Экзамен' }), { wrapper });
    await act(() => hook.result.current.start(null));
    expect(notify.error).toHaveBeenCalledWith('Выберите вариант');
    expect(hook.result.current.stage).toBe('choose');
  });
});

describe('the end of an exam', () => {
  it("says 'Экзамен завершен' and shows the end screen with the answer once it is queued", async () => {
    const { hook } = await runExam();
    await act(() => endExam());
    expect(notify.success).toHaveBeenCalledWith('Экзамен завершен');
    expect(completeSession).toHaveBeenCalledWith(5);
    expect(leaveFocusMode).toHaveBeenCalled();
    expect(hook.result.current.stage).toBe('done');
    expect(hook.result.current.answer).toBe(answer);
  });

  it('keeps the recording on screen, with its file at hand, when the answer cannot be queued', async () => {
    queue = storageFull;
    const { hook } = await runExam();
    await act(() => endExam());
    expect(hook.result.current.stage).toBe('unsaved');
    expect(notify.success).not.toHaveBeenCalled();
    expect(leaveFocusMode).not.toHaveBeenCalled();
    await act(() => hook.result.current.saveFile());
    expect(saveFile).toHaveBeenCalledWith('Экзамен');
    // Room was freed: queueing it again ends the exam as usual.
    queue = () => Promise.resolve(answer);
    await act(() => hook.result.current.retrySave());
    expect(notify.success).toHaveBeenCalledWith('Экзамен завершен');
    expect(hook.result.current.stage).toBe('done');
  });

  it('keeps the recording on screen when a recording that stopped by itself cannot be queued', async () => {
    const queued = vi.fn((_options?: { interrupted?: boolean }) => storageFull());
    queue = queued;
    const { hook } = await runExam();
    await act(async () => {
      fault('microphone-lost');
      // The session awaits this very queueing: once it has failed, the session has seen it fail.
      await queued.mock.results[0]?.value.catch(() => undefined);
    });
    expect(queued).toHaveBeenCalledWith({ interrupted: true });
    expect(hook.result.current.stage).toBe('unsaved');
    expect(hook.result.current.fault).toBe('microphone-lost');
    queue = () => Promise.resolve(null);
    await act(() => hook.result.current.retrySave());
    expect(hook.result.current.stage).toBe('stopped');
    expect(notify.success).not.toHaveBeenCalled();
  });
});

describe('the notice of an answer the device could not keep', () => {
  it("offers 'Сохранить файл' at once and a retry, and says why", () => {
    const onSaveFile = vi.fn();
    const onRetry = vi.fn();
    render(<RecordingNotSavedNote onSaveFile={onSaveFile} onRetry={onRetry} />);
    const note = screen.getByTestId('answer-not-saved');
    expect(note.getAttribute('role')).toBe('alert');
    expect(note.textContent).toContain('Не удалось сохранить ответ на устройстве');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить файл' }));
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onSaveFile).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
