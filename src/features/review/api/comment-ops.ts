import { reviewCommentSchema } from '../../../shared/contract/review';
import { api, errorStatus } from '../../../lib/api-client';
import { localDb } from '../../../lib/local-db';
import { syncEngine } from '../../../lib/device-sync';
import type { OutboxHandler } from '../../../lib/sync-engine';
import { uuid } from '../../../lib/uuid';

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
  // One recording's comment changes go in order; other recordings' do not wait for them.
  await syncEngine.enqueue({
    key: `comment:${uuid()}`,
    kind: 'comment',
    payload: op,
    label,
    group: `comments:${op.audioId}`,
  });
}

export const newCommentClientId = uuid;

/** Sends one comment change (the page refreshes the recording's query once it is confirmed). */
export const sendCommentOp: OutboxHandler<'comment'> = async (item, _onProgress, signal) => {
  const op = item.payload;
  if (op.op === 'create') {
    const created = await api('/api/teacher/comment', {
      method: 'POST',
      body: { audioID: op.audioId, start: op.start, end: op.end, comment: op.comment, clientId: op.clientId },
      schema: reviewCommentSchema,
      signal,
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
          signal,
        });
      } else {
        try {
          await api(`/api/teacher/comment/${id}`, { method: 'DELETE', signal });
        } catch (error) {
          if (errorStatus(error) !== 404) throw error; // already gone: the goal is reached
        }
      }
    }
  }
};
