import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { examProgressQueryKey, useExamProgress } from '../api/get-exam-progress';
import { readExamProgressEvents } from '../api/exam-progress-events';

/** While the stream is cut the list is asked again this often. */
export const PROGRESS_POLL_MS = 5_000;
const RECONNECT_MAX_MS = 30_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The exam's progress, live: the event stream writes each answer into the query's cache (one
 * source for the list); while the stream is cut the query polls and the stream is opened again
 * with backoff. Everything stops when the page unmounts.
 */
export function useLiveExamProgress(examId: number) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      let failures = 0;
      while (!signal.aborted) {
        try {
          await readExamProgressEvents(
            examId,
            (progress) => {
              failures = 0;
              setLive(true);
              queryClient.setQueryData(examProgressQueryKey(examId), progress);
            },
            signal,
          );
        } catch {
          failures += 1;
        }
        if (signal.aborted) return;
        setLive(false);
        await pause(Math.min(RECONNECT_MAX_MS, 1000 * 2 ** Math.min(failures, 5)), signal);
      }
    })();
    return () => controller.abort();
  }, [examId, queryClient]);

  return useExamProgress(examId, live ? false : PROGRESS_POLL_MS);
}
