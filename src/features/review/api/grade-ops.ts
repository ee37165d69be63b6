import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { RecordingScores } from '../../../shared/contract/grading';
import { syncEngine } from '../../../lib/device-sync';
import { queryClient } from '../../../lib/query-client';
import { scoresQueryKey } from './get-scores';
import type { GradeOp } from './grade-send';

/**
 * On the page, a grade the server confirmed shows at once, from its answer. What else shows the
 * grade is refreshed with every confirmed item (src/app/sync.ts).
 */
export function showSavedGrade(audioId: number, saved: RecordingScores): void {
  queryClient.setQueryData(scoresQueryKey(audioId), saved);
}

const pendingKey = (audioId: number) => ['device', 'pending-grade', audioId];

export interface PendingGrade {
  /** The newest grade waiting to be sent, or null when none waits. */
  latest: GradeOp | null;
  /** The server refused it: it waits for the teacher (the sync indicator can retry it). */
  blocked: boolean;
}

/** The recording's grade still waiting in the outbox. */
export function usePendingGrade(audioId: number) {
  const client = useQueryClient();
  useEffect(
    () => syncEngine.subscribe(() => void client.invalidateQueries({ queryKey: pendingKey(audioId) })),
    [client, audioId],
  );
  return useQuery({
    queryKey: pendingKey(audioId),
    queryFn: async (): Promise<PendingGrade> => {
      const items = (await syncEngine.pendingOf('grade')).filter((i) => i.payload.audioId === audioId);
      const last = items.at(-1);
      return { latest: last?.payload ?? null, blocked: last?.blocked ?? false };
    },
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
}
