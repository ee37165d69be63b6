import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type * as Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@/lib/api-client';
import { examRecordingsQuery } from '@/features/student-exams/api/list-exam-recordings';
import { studentExamQuery } from '@/features/student-exams/api/get-student-exam';
import { StudentExamPage } from '@/features/student-exams/components/student-exam-page';
import { recordingStore } from '@/lib/device-sync';
import { localDb, type OutboxRow } from '@/lib/local-db';
import type { AudioSummary } from '@/shared/contract/teacher';
import { formatDateTime } from '@/shared/format';
import { DEFAULT_LIST_PAGE_SIZE } from '@/shared/pager';

// The student's exam page: an answer still on the device is listed as such (not 'Ничего не
// найдено'), and on a phone the actions besides 'Пройти экзамен' fold into one menu.

vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: () => new Promise(() => undefined),
}));

// The device's readings reach the page inside act, and are noted: a test waits for a reading
// after a change instead of sleeping.
const { readings } = vi.hoisted(() => ({ readings: { count: 0 } }));
vi.mock('dexie', async (importOriginal) => {
  const dexie = await importOriginal<typeof Dexie>();
  const liveQuery = <T,>(querier: () => T | Promise<T>) => ({
    subscribe: (observer: Dexie.Observer<T>) =>
      dexie.liveQuery(querier).subscribe({
        next: (value) => {
          act(() => observer.next?.(value));
          readings.count++;
        },
        error: (error: unknown) => observer.error?.(error),
      }),
  });
  return { ...dexie, liveQuery };
});

const STUDENT = '7';
const token = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
const WAITING_ROW = 'Ответ на устройстве, ждет отправки';

/** A finished answer to `examId` on this device, queued (recorded at `recordedAt`). */
async function onDevice(clientId: string, examId: number, recordedAt: string, owner = STUDENT) {
  await recordingStore.create({
    clientId,
    examId,
    examName: 'Экзамен',
    variantId: 4,
    sessionId: null,
    mime: 'audio/webm;codecs=opus',
    ownerId: owner,
  });
  await recordingStore.updateProgress(
    clientId,
    { duration: 3, taskStarts: [0], questionStarts: [] },
    recordedAt,
  );
  await recordingStore.markQueued(clientId);
}

const recording = (id: number): AudioSummary => ({
  id,
  name: `Устный экзамен — попытка ${id}`,
  date: '2026-05-01T09:00:00.000Z',
  checked: false,
  total: null,
  maxTotal: null,
  interrupted: false,
  late: false,
  afterClose: false,
  overAttempts: false,
});

function renderPage(ui: ReactNode, recordings: AudioSummary[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(studentExamQuery(31).queryKey, {
    id: 31,
    name: 'Устный экзамен',
    attempts: null,
    opensAt: null,
    closesAt: null,
    attemptsUsed: recordings.length,
  });
  client.setQueryData(
    examRecordingsQuery({ examId: 31, page: 0, pageSize: DEFAULT_LIST_PAGE_SIZE }).queryKey,
    {
      page: 0,
      pages: recordings.length > 0 ? 1 : 0,
      audios: recordings,
    },
  );
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <QueryClientProvider client={client}>{ui}</QueryClientProvider>,
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
}

/** Resolves once the device was read again after `since` readings and the page shows it. */
const readAfter = (since: number) => vi.waitFor(() => expect(readings.count).toBeGreaterThan(since));

/** Phone-sized or not, as MUI's media queries ask (jsdom has no matchMedia of its own). */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || px <= Number(max[1])) && (!min || px >= Number(min[1]));
    return {
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    };
  });
}

beforeEach(() => {
  localStorage.setItem('access_token', token(STUDENT));
  readings.count = 0;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await localDb.recordings.clear();
  await localDb.outbox.clear();
  await localDb.kv.clear();
});

describe('answers still on the device', () => {
  it("lists this student's answer waiting on the device with its date instead of 'Ничего не найдено'", async () => {
    const recordedAt = '2026-05-02T10:15:00.000Z';
    await onDevice('mine-1', 31, recordedAt);
    await onDevice('other-student', 31, recordedAt, '8');
    await onDevice('other-exam', 32, recordedAt);
    renderPage(<StudentExamPage examId={31} />, []);
    const row = await screen.findByTestId('device-answer');
    expect(within(row).getByText(WAITING_ROW)).toBeTruthy();
    expect(within(row).getByText(formatDateTime(recordedAt))).toBeTruthy();
    expect(screen.getAllByTestId('device-answer')).toHaveLength(1);
    expect(screen.queryByText('Ничего не найдено')).toBeNull();

    // The server has it now: the device let its copy go, and the list says what the server has.
    const since = readings.count;
    await recordingStore.removeConfirmed('mine-1');
    await readAfter(since);
    expect(screen.queryByTestId('device-answer')).toBeNull();
    expect(screen.getByText('Ничего не найдено')).toBeTruthy();
  });

  it('shows them above the recordings the server has, newest first, and not one refused for good', async () => {
    await onDevice('older', 31, '2026-05-02T10:15:00.000Z');
    await onDevice('newer', 31, '2026-05-03T08:00:00.000Z');
    await onDevice('refused', 31, '2026-05-04T08:00:00.000Z');
    const refused: OutboxRow = {
      key: 'recording:refused',
      kind: 'recording',
      payload: { clientId: 'refused', examId: 31 },
      label: 'Экзамен',
      createdAt: new Date().toISOString(),
      attempts: 1,
      nextAttemptAt: 0,
      lastError: 'Экзамен снят',
      blocked: true,
      owner: STUDENT,
      group: 'recording:refused',
    };
    await localDb.outbox.add(refused);
    renderPage(<StudentExamPage examId={31} />, [recording(1)]);
    await vi.waitFor(() => expect(screen.getAllByTestId('device-answer')).toHaveLength(2));
    expect(screen.getAllByTestId('device-answer').map((r) => r.textContent)).toEqual([
      `${WAITING_ROW}${formatDateTime('2026-05-03T08:00:00.000Z')}`,
      `${WAITING_ROW}${formatDateTime('2026-05-02T10:15:00.000Z')}`,
    ]);
    const server = screen.getByRole('list', { name: 'Аудиозаписи экзамена' });
    expect(within(server).getByRole('link', { name: /попытка 1/ })).toBeTruthy();
    const device = screen.getByRole('list', { name: 'Ответы на устройстве' });
    expect(device.compareDocumentPosition(server) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("the exam page's actions", () => {
  const sendFile = vi.fn();
  const more = [{ label: 'Отправить ответ из файла', icon: <span />, onClick: sendFile }];

  it("keeps 'Пройти экзамен' a button on a phone and puts the others in the menu 'Еще'", async () => {
    screenWidth(360);
    renderPage(<StudentExamPage examId={31} moreActions={more} />, []);
    expect(await screen.findByRole('link', { name: 'Пройти экзамен' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отправить ответ из файла' })).toBeNull();
    const menuButton = screen.getByRole('button', { name: 'Еще: другие действия' });
    expect(menuButton.textContent).toBe('Еще');
    fireEvent.click(menuButton);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Отправить ответ из файла' }));
    expect(sendFile).toHaveBeenCalledTimes(1);
  });

  it('shows them all as buttons where there is room, and no menu when there is only the main one', async () => {
    screenWidth(1280);
    renderPage(<StudentExamPage examId={31} moreActions={more} />, []);
    fireEvent.click(await screen.findByRole('button', { name: 'Отправить ответ из файла' }));
    expect(sendFile).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Еще: другие действия' })).toBeNull();
  });

  it('has no menu on a phone when there is nothing besides the main action', async () => {
    screenWidth(360);
    renderPage(<StudentExamPage examId={31} />, []);
    expect(await screen.findByRole('link', { name: 'Пройти экзамен' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Еще: другие действия' })).toBeNull();
  });
});
