import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type * as Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExamEndScreen } from '@/features/exam-session/components/exam-end-screen';
import type { ListenBack } from '@/features/exam-session/model/listen-back';
import { recordingStore, syncEngine } from '@/lib/device-sync';
import { localDb, type OutboxRow } from '@/lib/local-db';

// The end screen after the last answer: where the answer is, read live from the device as the
// exam page reads it, and the answer itself to listen to from the device.

const STUDENT = '7';
const SENT = 'Ответ отправлен';
const WAITING = 'Ответ сохранен на устройстве и будет отправлен, когда появится сеть';
const token = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

// The device's live queries hand their readings to the screen inside act (it has rendered them).
vi.mock('dexie', async (importOriginal) => {
  const dexie = await importOriginal<typeof Dexie>();
  const liveQuery = <T,>(querier: () => T | Promise<T>) => ({
    subscribe: (observer: Dexie.Observer<T>) =>
      dexie.liveQuery(querier).subscribe({
        next: (value) => act(() => observer.next?.(value)),
        error: (error: unknown) => observer.error?.(error),
      }),
  });
  return { ...dexie, liveQuery };
});

/** A finished recording of this student's answer to `examId`, waiting in the outbox. */
async function queued(clientId: string, examId: number) {
  await recordingStore.create({
    clientId,
    examId,
    examName: 'Экзамен',
    variantId: 4,
    sessionId: null,
    mime: 'audio/webm;codecs=opus',
    ownerId: STUDENT,
  });
  await recordingStore.markQueued(clientId);
  const row: OutboxRow = {
    key: `recording:${clientId}`,
    kind: 'recording',
    payload: { clientId, examId },
    label: 'Экзамен',
    createdAt: new Date().toISOString(),
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    blocked: false,
    owner: STUDENT,
    group: `recording:${clientId}`,
  };
  await localDb.outbox.add(row);
  return row;
}

const answer: ListenBack = {
  blob: new Blob(['audio'], { type: 'audio/webm' }),
  duration: 150,
  taskStarts: [0, 60.5],
  questionStarts: [[], [75, 120]],
};

const made: string[] = [];
const revoked: string[] = [];
let play: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.setItem('access_token', token(STUDENT));
  made.length = 0;
  revoked.length = 0;
  vi.stubGlobal('URL', {
    ...URL,
    createObjectURL: () => {
      made.push(`blob:answer-${made.length}`);
      return made[made.length - 1];
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  play.mockRestore();
  localStorage.clear();
  await localDb.outbox.clear();
  await localDb.recordings.clear();
  await localDb.kv.clear();
});

describe('the end screen', () => {
  it("says the answer waits on the device, then 'Ответ отправлен' once the server confirmed it", async () => {
    const row = await queued('end-1', 31);
    render(<ExamEndScreen examId={31} examName="Пробный экзамен" answer={answer} onBack={() => undefined} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Экзамен завершен' })).toBeTruthy();
    expect((await screen.findByTestId('answer-delivery')).textContent).toBe(WAITING);
    // The server confirmed it: its device copy went, the engine said so.
    await recordingStore.removeConfirmed('end-1');
    await localDb.outbox.where('key').equals(row.key).delete();
    act(() => syncEngine.announceSent(row, 'here'));
    expect(await screen.findByText(SENT)).toBeTruthy();
    expect(screen.queryByText(WAITING)).toBeNull();
  });

  it('plays the answer from the device, a button per task and question playing from where it began', () => {
    const onBack = vi.fn();
    const view = render(<ExamEndScreen examId={32} examName="Экзамен" answer={answer} onBack={onBack} />);
    const player = screen.getByTestId('answer-playback') as HTMLAudioElement;
    expect(player.getAttribute('src')).toBe('blob:answer-0');
    const starts = within(screen.getByRole('group', { name: 'Начала ответов' }));
    expect(starts.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Задание 1',
      'Задание 2',
      'Задание 2, вопрос 1',
      'Задание 2, вопрос 2',
    ]);
    fireEvent.click(starts.getByRole('button', { name: 'Задание 2' }));
    expect(player.currentTime).toBe(60.5);
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(starts.getByRole('button', { name: 'Задание 2, вопрос 2' }));
    expect(player.currentTime).toBe(120);
    fireEvent.click(starts.getByRole('button', { name: 'Задание 1' }));
    expect(player.currentTime).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'К экзамену' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    // Its address is let go with the screen.
    view.unmount();
    expect(revoked).toEqual(['blob:answer-0']);
  });

  it('says so when the answer cannot be played here, and still leads back', () => {
    const onBack = vi.fn();
    render(<ExamEndScreen examId={33} examName="Экзамен" answer={null} onBack={onBack} />);
    expect(screen.queryByTestId('answer-playback')).toBeNull();
    expect(screen.getByText('Запись ответа не удалось открыть на этом устройстве.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'К экзамену' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
