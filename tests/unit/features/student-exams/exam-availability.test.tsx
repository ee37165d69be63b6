import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type * as ApiClient from '@/lib/api-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { studentExamQuery } from '@/features/student-exams/api/get-student-exam';
import { examsListQuery } from '@/features/student-exams/api/list-student-exams';
import { ExamsList } from '@/features/student-exams/components/exams-list';
import { StudentExamPage } from '@/features/student-exams/components/student-exam-page';
import { recordingStore } from '@/lib/device-sync';
import { localDb } from '@/lib/local-db';
import { useDeviceAttempts } from '@/lib/use-exam-availability';
import type { StudentExam } from '@/shared/contract/student';
import { formatDateTime } from '@/shared/format';
import { DEFAULT_LIST_PAGE_SIZE } from '@/shared/pager';

// The student's exam list and page say when the exam may be taken and how many attempts are left,
// counting the recordings still on the device (offline the rule holds too), and keep
// 'Пройти экзамен' disabled, with the reason, when it may not be taken now.

// The screens read only what the test put in the cache; anything they would fetch never answers.
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: () => new Promise(() => undefined),
}));

const STUDENT = '7';
const token = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
const hour = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A recording of `examId` on this device, made by `owner`, queued to be sent. */
async function onDevice(clientId: string, examId: number, owner = STUDENT) {
  await recordingStore.create({
    clientId,
    examId,
    examName: 'Экзамен',
    variantId: 4,
    sessionId: null,
    mime: 'audio/webm;codecs=opus',
    ownerId: owner,
  });
  await recordingStore.markQueued(clientId);
}

const exam = (over: Partial<StudentExam>): StudentExam => ({
  id: 31,
  name: 'Устный экзамен',
  attempts: null,
  opensAt: null,
  closesAt: null,
  attemptsUsed: 0,
  ...over,
});

function renderScreen(ui: ReactNode, cache: (client: QueryClient) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  cache(client);
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => <QueryClientProvider client={client}>{ui}</QueryClientProvider>,
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(<RouterProvider router={router} />);
  return client;
}

const startLink = () => screen.findByRole('link', { name: 'Пройти экзамен' });

beforeEach(() => {
  localStorage.setItem('access_token', token(STUDENT));
});
afterEach(async () => {
  localStorage.clear();
  await localDb.recordings.clear();
  await localDb.outbox.clear();
  await localDb.kv.clear();
});

describe("the exam's page", () => {
  it("shows the window and the attempts left, counting this student's recordings still on the device", async () => {
    const opensAt = iso(Date.now() - hour);
    const closesAt = iso(Date.now() + hour);
    await onDevice('mine-1', 31);
    await onDevice('other-student', 31, '8');
    await onDevice('other-exam', 32);
    renderScreen(<StudentExamPage examId={31} />, (c) =>
      c.setQueryData(
        studentExamQuery(31).queryKey,
        exam({ attempts: 3, attemptsUsed: 1, opensAt, closesAt }),
      ),
    );
    expect(
      await screen.findByText(`Доступен с ${formatDateTime(opensAt)} до ${formatDateTime(closesAt)}`),
    ).toBeTruthy();
    expect(await screen.findByText('Осталось попыток: 1 из 3')).toBeTruthy();
    expect((await startLink()).getAttribute('aria-disabled')).toBeNull();

    // The last one, recorded offline: none left, and the start says why.
    await act(() => onDevice('mine-2', 31));
    expect(await screen.findByText('Осталось попыток: 0 из 3')).toBeTruthy();
    expect(screen.getByText('Попытки закончились')).toBeTruthy();
    const link = await startLink();
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.getAttribute('aria-describedby')).toBe('exam-start-blocked');
  });

  it('says nothing of attempts when they are unlimited, and shows only the bound that exists', async () => {
    const closesAt = iso(Date.now() + hour);
    await onDevice('mine-1', 31);
    renderScreen(<StudentExamPage examId={31} />, (c) =>
      c.setQueryData(studentExamQuery(31).queryKey, exam({ closesAt, attemptsUsed: 5 })),
    );
    expect(await screen.findByText(`Доступен до ${formatDateTime(closesAt)}`)).toBeTruthy();
    expect(screen.queryByText(/^Осталось попыток/)).toBeNull();
    // Enabled once the device was read (until then nothing may start).
    await vi.waitFor(async () => expect((await startLink()).getAttribute('aria-disabled')).toBeNull());
  });

  it('keeps the start disabled before the exam opens, and lets it start once it opens by the device clock', async () => {
    const opensAt = iso(Date.now() + 600);
    renderScreen(<StudentExamPage examId={31} />, (c) =>
      c.setQueryData(studentExamQuery(31).queryKey, exam({ opensAt })),
    );
    expect(await screen.findByText('Экзамен еще не открыт')).toBeTruthy();
    expect((await startLink()).getAttribute('aria-disabled')).toBe('true');
    expect(await screen.findByText(`Доступен с ${formatDateTime(opensAt)}`)).toBeTruthy();
    // The page looks at the clock again as the window opens.
    await vi.waitFor(() => expect(screen.queryByText('Экзамен еще не открыт')).toBeNull(), {
      timeout: 3_000,
    });
    await vi.waitFor(async () => expect((await startLink()).getAttribute('aria-disabled')).toBeNull());
  });

  it('disables the start once the exam closed', async () => {
    renderScreen(<StudentExamPage examId={31} />, (c) =>
      c.setQueryData(
        studentExamQuery(31).queryKey,
        exam({ opensAt: iso(Date.now() - 2 * hour), closesAt: iso(Date.now() - hour) }),
      ),
    );
    expect(await screen.findByText('Экзамен уже закрыт')).toBeTruthy();
    expect((await startLink()).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the exam list', () => {
  it('shows each exam with its window and attempts left', async () => {
    const closesAt = iso(Date.now() + hour);
    await onDevice('mine-1', 41);
    renderScreen(<ExamsList />, (c) =>
      c.setQueryData(examsListQuery({ page: 0, pageSize: DEFAULT_LIST_PAGE_SIZE, search: '' }).queryKey, {
        page: 0,
        pages: 1,
        exams: [
          exam({ id: 41, name: 'ЕГЭ, вариант 1', attempts: 2, attemptsUsed: 0, closesAt }),
          exam({ id: 42, name: 'Пробный' }),
        ],
      }),
    );
    const first = await screen.findByRole('link', { name: /ЕГЭ, вариант 1/ });
    expect(within(first).getByText(`Доступен до ${formatDateTime(closesAt)}`)).toBeTruthy();
    expect(await within(first).findByText('Осталось попыток: 1 из 2')).toBeTruthy();
    const second = screen.getByRole('link', { name: /Пробный/ });
    expect(second.textContent).toBe('Пробный');
  });
});

describe("the device's own attempts", () => {
  it('counts a confirmed recording until an answer of the server read after it, and never twice', async () => {
    await onDevice('sent-1', 51);
    const { result, unmount } = renderHook(() => useDeviceAttempts());
    // The server's count was read before the recording went.
    const readBefore = Date.now() - 1;
    await vi.waitFor(() => expect(result.current.count(51, readBefore)).toBe(1));

    // The server confirmed it: the device lets its copy go and notes when.
    await act(() => recordingStore.removeConfirmed('sent-1'));
    await vi.waitFor(async () => expect(await recordingStore.get('sent-1')).toBeUndefined());
    // Once the page has seen the note, an answer of the server read after it holds the
    // recording: not counted here any more…
    await vi.waitFor(() => expect(result.current.count(51, Date.now())).toBe(0));
    // …while the old count of the server still lacks it: counted once, from the note.
    expect(result.current.count(51, readBefore)).toBe(1);
    unmount();

    // The note is on the device: a page opened later (or after the worker sent it) counts it too.
    const later = renderHook(() => useDeviceAttempts());
    await vi.waitFor(() => expect(later.result.current.ready).toBe(true));
    expect(later.result.current.count(51, readBefore)).toBe(1);
    expect(later.result.current.count(52, readBefore)).toBe(0);
    later.unmount();

    // Another student's confirmed answer on a shared device is not this one's attempt.
    localStorage.setItem('access_token', token('8'));
    const other = renderHook(() => useDeviceAttempts());
    await vi.waitFor(() => expect(other.result.current.ready).toBe(true));
    expect(other.result.current.count(51, readBefore)).toBe(0);
  });
});
