import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { flushQueryCache } from '@/lib/query-client';
import { START_SOUND_URL } from '../model/start-sound';
import { examExtendedQuery } from './get-exam-extended';
import { examVariantQuery } from './get-exam-variant';

/**
 * Loads everything taking the exam needs (its variants, their tasks, task media and the
 * questions' audio) so it can be taken offline: the answers go into the persisted query cache,
 * the media into the service worker's media cache.
 */
export async function prefetchExamForOffline(queryClient: QueryClient, examId: number) {
  const exam = await queryClient.fetchQuery({ ...examExtendedQuery(examId), staleTime: 0 });
  const variants = await Promise.all(
    exam.variants.map((v) => queryClient.fetchQuery({ ...examVariantQuery(examId, v.id), staleTime: 0 })),
  );
  const media = new Set<string>([START_SOUND_URL]);
  for (const variant of variants) {
    for (const vt of variant.tasks) {
      for (const f of vt.task.files) media.add(f.access);
      // The questions as heard (an answer cached by an older version has none).
      for (const q of vt.task.questions ?? []) if (q.file) media.add(q.file.access);
    }
  }
  await Promise.all(
    [...media].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`media ${response.status}`);
      await response.arrayBuffer();
    }),
  );
  // "Saved on the device" must be true even if the page is closed right after.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await flushQueryCache();
  return { variants: variants.length, files: media.size - 1 };
}

export const examOfflineQuery = (queryClient: QueryClient, examId: number) =>
  queryOptions({
    queryKey: ['student', 'exam', examId, 'offline-ready'],
    queryFn: () => prefetchExamForOffline(queryClient, examId),
    staleTime: 5 * 60_000,
    // Offline, the last successful preparation still stands.
    networkMode: 'online',
  });

export const useExamOffline = (queryClient: QueryClient, examId: number) =>
  useQuery(examOfflineQuery(queryClient, examId));
