import { QueryObserver } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { examQuery, examQueryKey } from '@/features/exams/api/get-exam';
import { enqueueGrade, gradeKind } from '@/features/review/api/grade-send';
import { examPagesQueryKey } from '@/features/review/api/query-keys';
import type { ExamDto } from '@/shared/contract/teacher';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import { applyRefreshActions } from '@/lib/outbox-refresh';
import { queryClient } from '@/lib/query-client';
import { tokenStore } from '@/lib/tokens';
import { resolveRelativeFetch, startHttpServer, type TestHttpServer } from '../../helpers/http-server';

const EXAM = 4;
const AUDIO = 7;

let server: TestHttpServer;
let restoreFetch: () => void;
/** What the server holds: grading a recording marks it checked. */
let checked = false;

const exam = (): ExamDto => ({
  id: EXAM,
  name: 'Пробный устный экзамен',
  variantsID: [1],
  studentsID: [3],
  attempts: null,
  opensAt: null,
  closesAt: null,
  audios: [
    {
      id: AUDIO,
      name: 'Пробный устный экзамен — Учеников Иван',
      date: '2026-03-05T09:07:00.000Z',
      checked,
      total: checked ? 4 : null,
      maxTotal: checked ? 5 : null,
      attempt: 1,
      duration: 95,
      interrupted: false,
      late: false,
      afterClose: false,
      overAttempts: false,
    },
  ],
});

beforeAll(async () => {
  server = await startHttpServer();
  restoreFetch = resolveRelativeFetch(server.origin);
  // As the page wires it (src/app/sync.ts): a confirmed item refreshes what its kind names.
  syncEngine.registerKinds([gradeKind]);
  syncEngine.onSent((item, sentBy, result) =>
    applyRefreshActions(queryClient, syncEngine.refreshesFor(item, sentBy, result)),
  );
  server.handle((req) => {
    if (req.method === 'GET' && req.path === `/api/teacher/exam/${EXAM}`)
      return { status: 200, body: exam() };
    if (req.method === 'PUT' && req.path === `/api/teacher/audios/${AUDIO}/scores`) {
      checked = true;
      return {
        status: 200,
        body: { tasks: [], total: 4, maxTotal: 5, gradedAt: '2026-03-05T10:00:00.000Z' },
      };
    }
    return { status: 404, body: { message: 'Не найдено' } };
  });
});

afterAll(async () => {
  syncEngine.stop();
  restoreFetch();
  await server.close();
});

beforeEach(async () => {
  checked = false;
  await localDb.outbox.clear();
  queryClient.clear();
  tokenStore.set({ access_token: 'access', refresh_token: 'refresh' });
});

describe('a confirmed grade and the teacher’s exam page', () => {
  it('names the exam page’s query: its key lives under the prefix the grade refreshes', () => {
    expect(examQueryKey(EXAM).slice(0, examPagesQueryKey.length)).toEqual([...examPagesQueryKey]);
  });

  it('shows the recording checked on an exam page open meanwhile, without a reload', async () => {
    // The exam page is open (its query observed), showing the recording not yet checked.
    const page = new QueryObserver(queryClient, examQuery(EXAM));
    const shown: boolean[] = [];
    const stop = page.subscribe((result) => {
      if (result.data) shown.push(result.data.audios[0].checked);
    });
    await expect.poll(() => shown.at(-1)).toBe(false);

    await enqueueGrade(AUDIO, [{ position: 1, criterion: 0, points: 4 }]);
    await syncEngine.kick();

    expect(await syncEngine.pendingOf('grade')).toEqual([]);
    await expect.poll(() => shown.at(-1)).toBe(true);
    expect(queryClient.getQueryData<ExamDto>(examQueryKey(EXAM))?.audios[0]).toMatchObject({
      checked: true,
      total: 4,
    });
    stop();
  });
});
