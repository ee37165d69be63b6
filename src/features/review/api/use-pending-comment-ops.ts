import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { syncEngine } from '../../../lib/device-sync';

const pendingKey = (audioId: number) => ['device', 'pending-comment-ops', audioId];

/** The comment changes of a recording still waiting in the outbox, oldest first, with the server's reason for any it refused. */
export function usePendingCommentOps(audioId: number) {
  const client = useQueryClient();
  useEffect(
    () => syncEngine.subscribe(() => void client.invalidateQueries({ queryKey: pendingKey(audioId) })),
    [client, audioId],
  );
  return useQuery({
    queryKey: pendingKey(audioId),
    queryFn: async () => {
      const items = await syncEngine.pendingOf('comment');
      return items
        .filter((i) => i.payload.audioId === audioId)
        .map((i) => ({ ...i.payload, refusal: i.blocked ? (i.lastError ?? null) : null }));
    },
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
}
