import { act, render, screen } from '@testing-library/react';
import type * as Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RecordingDeliveryNotice } from '@/features/exam-session/components/recording-delivery-notice';
import { recordingStore, syncEngine } from '@/lib/device-sync';
import { localDb, type OutboxRow } from '@/lib/local-db';

const STUDENT = '7';
const SENT = 'Ответ отправлен';
const WAITING = 'Ответ сохранен на устройстве и будет отправлен, когда появится сеть';
const token = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

/** A finished recording of this student's answer to `examId`, waiting in the outbox. */
async function queued(clientId: string, examId: number, payload: object = { clientId, examId }) {
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
    payload,
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

/** The server confirmed it: the handler removed the device copy, the engine the item, and said so. */
async function confirm(row: OutboxRow, sentBy: 'here' | 'elsewhere' = 'here') {
  const { clientId } = row.payload as { clientId: string };
  await recordingStore.remove(clientId);
  await localDb.outbox.where('key').equals(row.key).delete();
  act(() => syncEngine.announceSent(row, sentBy));
}

// The notice's live query, observed: each state it reads from the device is handed to the page
// inside act (so the page has rendered it), then noted here. A test waits for the notice to have
// read the device after a change, instead of sleeping, and then looks at what the page says.
const { readOnDevice } = vi.hoisted(() => ({ readOnDevice: vi.fn() }));
vi.mock('dexie', async (importOriginal) => {
  const dexie = await importOriginal<typeof Dexie>();
  const liveQuery = <T,>(querier: () => T | Promise<T>) => {
    const query = dexie.liveQuery(querier);
    return {
      // The hooks subscribe with an observer object.
      subscribe: (observer: Dexie.Observer<T>) =>
        query.subscribe({
          next: (value) => {
            act(() => observer.next?.(value));
            readOnDevice(value);
          },
          error: (error: unknown) => observer.error?.(error),
        }),
    };
  };
  return { ...dexie, liveQuery };
});

/** Resolves once the notice read the device again (after `reads` readings) and found `state`. */
const noticeReads = (reads: number, state: { waiting: string[]; refused: boolean }) =>
  vi.waitFor(() => {
    expect(readOnDevice.mock.calls.length).toBeGreaterThan(reads);
    expect(readOnDevice).toHaveBeenLastCalledWith(state);
  });
const readsSoFar = () => readOnDevice.mock.calls.length;

beforeEach(() => {
  readOnDevice.mockClear();
  localStorage.setItem('access_token', token(STUDENT));
});
afterEach(async () => {
  localStorage.clear();
  await localDb.outbox.clear();
  await localDb.recordings.clear();
  await localDb.kv.clear();
});

describe('what the exam page says about the answer', () => {
  it("never says 'Ответ отправлен' for a refused recording, nor once the refused one is discarded", async () => {
    const row = await queued('refused-1', 31);
    render(<RecordingDeliveryNotice examId={31} />);
    expect((await screen.findByTestId('answer-delivery')).textContent).toBe(WAITING);
    let reads = readsSoFar();
    await localDb.outbox.where('key').equals(row.key).modify({ blocked: true, lastError: 'Экзамен снят' });
    await noticeReads(reads, { waiting: [], refused: true });
    expect(screen.queryByTestId('answer-delivery')).toBeNull();
    // The student gives it up: it leaves the device without the server ever taking it.
    reads = readsSoFar();
    await syncEngine.discard(row.key);
    await recordingStore.remove('refused-1');
    await noticeReads(reads, { waiting: [], refused: false });
    expect(screen.queryByText(SENT)).toBeNull();
  });

  it("says 'Ответ отправлен' once the server confirmed this exam's recording, not another exam's", async () => {
    const other = await queued('other-1', 42);
    const mine = await queued('mine-1', 32);
    render(<RecordingDeliveryNotice examId={32} />);
    expect((await screen.findByTestId('answer-delivery')).textContent).toBe(WAITING);
    const reads = readsSoFar();
    await confirm(other);
    await noticeReads(reads, { waiting: ['mine-1'], refused: false });
    expect(screen.getByTestId('answer-delivery').textContent).toBe(WAITING);
    await confirm(mine);
    await screen.findByText(SENT);
    expect(screen.getByTestId('answer-delivery').textContent).toBe(SENT);
  });

  it('says nothing of an exam whose answer left no trace here, until the server confirms one', async () => {
    render(<RecordingDeliveryNotice examId={33} />);
    await noticeReads(0, { waiting: [], refused: false });
    expect(screen.queryByTestId('answer-delivery')).toBeNull();
    // The service worker sent it while no page was open; the page is told at its start.
    const row = await queued('worker-1', 33);
    await syncEngine.noteSentByWorker(row);
    await recordingStore.remove('worker-1');
    await localDb.outbox.clear();
    await act(() => syncEngine.announceSentByWorker());
    expect(await screen.findByText(SENT)).toBeTruthy();
  });

  it('counts an item queued by an older version (no exam in it) by the recording it was seen with', async () => {
    const row = await queued('old-1', 34, { clientId: 'old-1' });
    render(<RecordingDeliveryNotice examId={34} />);
    expect((await screen.findByTestId('answer-delivery')).textContent).toBe(WAITING);
    await confirm(row, 'elsewhere');
    expect(await screen.findByText(SENT)).toBeTruthy();
  });

  it("says nothing of another student's confirmed answer to the same exam on a shared device", async () => {
    const row = await queued('a-1', 35);
    await confirm(row);
    localStorage.setItem('access_token', token('8'));
    render(<RecordingDeliveryNotice examId={35} />);
    await noticeReads(0, { waiting: [], refused: false });
    expect(screen.queryByTestId('answer-delivery')).toBeNull();
  });
});
