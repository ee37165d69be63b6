import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reviewCommentSchema } from '../../../shared/contract/review';
import { api, errorStatus } from '../../../lib/api-client';
import { localDb } from '../../../lib/local-db';
import { syncEngine } from '../../../lib/outbox';
import { queryClient } from '../../../lib/query-client';
import type { OutboxHandler } from '../../../lib/sync-engine';
import { uuid } from '../../../lib/uuid';
import { recordingQueryKey } from './get-recording';

/** A comment known by its server id, or only by the client id of its not yet confirmed creation. */
export type CommentRef = { id: number } | { clientId: string };

export interface CommentFields {
  start: number;
  end: number;
  comment: string;
}

export type CommentOp =
  | ({ op: 'create'; audioId: number; clientId: string } & CommentFields)
  | ({ op: 'update'; audioId: number; target: CommentRef } & CommentFields)
  | { op: 'delete'; audioId: number; target: CommentRef };

declare module '../../../lib/sync-engine' {
  interface OutboxPayloads {
    comment: CommentOp;
  }
}

const confirmedIdKey = (clientId: string) => `comment-id:${clientId}`;

async function resolveId(target: CommentRef): Promise<number | null> {
  if ('id' in target) return target.id;
  const row = await localDb.kv.get(confirmedIdKey(target.clientId));
  return row ? Number(row.value) : null;
}

/**
 * A teacher's comment change goes through the outbox: it shows at once, works offline and
 * reaches the server in order (a creation before its edits).
 */
export async function enqueueCommentOp(op: CommentOp): Promise<void> {
  const label =
    op.op === 'create'
      ? 'новый комментарий'
      : op.op === 'update'
        ? 'изменение комментария'
        : 'удаление комментария';
  await syncEngine.enqueue({ key: `comment:${uuid()}`, kind: 'comment', payload: op, label });
}

export const newCommentClientId = uuid;

/** Sends one comment change; the recording's query is refreshed after the server confirmed it. */
export const sendCommentOp: OutboxHandler<'comment'> = async (item) => {
  const op = item.payload;
  if (op.op === 'create') {
    const created = await api('/api/teacher/comment', {
      method: 'POST',
      body: { audioID: op.audioId, start: op.start, end: op.end, comment: op.comment, clientId: op.clientId },
      schema: reviewCommentSchema,
    });
    await localDb.kv.put({ key: confirmedIdKey(op.clientId), value: String(created.id) });
    // Later changes of this comment now know its server id (the pending view matches it too).
    await syncEngine.rewritePending('comment', (later) =>
      later.op !== 'create' && 'clientId' in later.target && later.target.clientId === op.clientId
        ? { ...later, target: { id: created.id } }
        : undefined,
    );
  } else {
    const id = await resolveId(op.target);
    // Its creation never reached the server (refused): there is nothing there to change.
    if (id !== null) {
      if (op.op === 'update') {
        await api('/api/teacher/comment', {
          method: 'PATCH',
          body: { id, start: op.start, end: op.end, comment: op.comment },
        });
      } else {
        try {
          await api(`/api/teacher/comment/${id}`, { method: 'DELETE' });
        } catch (error) {
          if (errorStatus(error) !== 404) throw error; // already gone: the goal is reached
        }
      }
    }
  }
  await queryClient.invalidateQueries({ queryKey: recordingQueryKey(op.audioId) });
};

const pendingKey = (audioId: number) => ['device', 'pending-comment-ops', audioId];

/** The comment changes of a recording still waiting in the outbox, oldest first. */
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
      return items.map((i) => i.payload).filter((op) => op.audioId === audioId);
    },
    networkMode: 'always',
    staleTime: 0,
    gcTime: 0,
  });
}
