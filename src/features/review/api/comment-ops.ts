import { reviewCommentSchema } from '@/shared/contract/review';
import { api, errorStatus } from '@/lib/api-client';
import { localDb } from '@/lib/local-db';
import { syncEngine } from '@/lib/device-sync';
import type { OutboxItem, OutboxKindDef } from '@/lib/sync-engine';
import { uuid } from '@/lib/uuid';
import { recordingQueryKey } from './query-keys';

// The comment kind of the outbox, whole: what it carries, whose it is (the signed-in teacher),
// how it is sent, what a page refreshes and how a page reads it as pending. Shared by the page
// and the service worker (src/app/outbox-kinds.ts): no React here.

/** A comment known by its server id, or only by the client id of its not yet confirmed creation. */
export type CommentRef = { id: number } | { clientId: string };

export interface CommentFields {
  start: number;
  end: number;
  comment: string;
}

export type CommentOp =
  | ({ op: 'create'; audioId: number; clientId: string } & CommentFields)
  | ({
      op: 'update';
      audioId: number;
      target: CommentRef;
      /** When the teacher made the edit (the device's clock; absent on items older versions queued). */
      clientUpdatedAt?: string;
    } & CommentFields)
  | { op: 'delete'; audioId: number; target: CommentRef };

declare module '@/lib/sync-engine' {
  interface OutboxPayloads {
    comment: CommentOp;
  }
}

const CONFIRMED_ID = 'comment-id:';
const confirmedIdKey = (clientId: string) => `${CONFIRMED_ID}${clientId}`;
/**
 * A created comment's server id is needed only by a change queued before the page learned it
 * (the waiting ones are rewritten at once): a week is far more than that takes.
 */
const CONFIRMED_ID_KEPT_MS = 7 * 24 * 3600_000;

/**
 * The server id of a comment, or null when its creation never reached the server. `<id>@<when
 * confirmed>`; older versions stored `<id>` alone. Voices resolve their comment this way too.
 */
export async function resolveCommentId(target: CommentRef): Promise<number | null> {
  if ('id' in target) return target.id;
  const row = await localDb.kv.get(confirmedIdKey(target.clientId));
  return row ? Number.parseInt(row.value, 10) : null;
}

/** Remembers a created comment's server id, and forgets those confirmed long ago. */
async function rememberId(clientId: string, id: number, now = Date.now()): Promise<void> {
  await localDb.transaction('rw', localDb.kv, async () => {
    await localDb.kv
      .where('key')
      .startsWith(CONFIRMED_ID)
      .filter((row) => {
        const at = Number(row.value.split('@')[1]);
        return !Number.isFinite(at) || now - at > CONFIRMED_ID_KEPT_MS;
      })
      .delete();
    await localDb.kv.put({ key: confirmedIdKey(clientId), value: `${id}@${now}` });
  });
}

/**
 * A teacher's comment change goes through the outbox: it shows at once, works offline and
 * reaches the server in order (a creation before its edits).
 */
export async function enqueueCommentOp(op: CommentOp, now: Date = new Date()): Promise<void> {
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
    // An edit is stamped when made: the server orders edits from several devices by it.
    payload: op.op === 'update' ? { ...op, clientUpdatedAt: op.clientUpdatedAt ?? now.toISOString() } : op,
    label,
    group: `comments:${op.audioId}`,
  });
}

export const newCommentClientId = uuid;

/** A recording's comment changes still waiting, oldest first, with the server's reason for any it refused. */
export function pendingCommentOpsOf(items: ReadonlyArray<OutboxItem<'comment'>>, audioId: number) {
  return items
    .filter((i) => i.payload.audioId === audioId)
    .map((i) => ({ ...i.payload, refusal: i.blocked ? (i.lastError ?? null) : null }));
}

/** The comment kind: one change per item, in order per recording. */
export const commentKind: OutboxKindDef<'comment'> = {
  kind: 'comment',
  send: async (item, { scope, rewritePending }) => {
    const op = item.payload;
    if (op.op === 'create') {
      const created = await api('/api/teacher/comment', {
        ...scope,
        method: 'POST',
        body: {
          audioID: op.audioId,
          start: op.start,
          end: op.end,
          comment: op.comment,
          clientId: op.clientId,
        },
        schema: reviewCommentSchema,
      });
      await rememberId(op.clientId, created.id);
      // Later changes of this comment now know its server id (the pending view matches it too).
      await rewritePending((later) =>
        later.op !== 'create' && 'clientId' in later.target && later.target.clientId === op.clientId
          ? { ...later, target: { id: created.id } }
          : undefined,
      );
      return;
    }
    const id = await resolveCommentId(op.target);
    // Its creation never reached the server (refused): there is nothing there to change.
    if (id === null) return;
    if (op.op === 'update') {
      await api('/api/teacher/comment', {
        ...scope,
        method: 'PATCH',
        body: {
          id,
          start: op.start,
          end: op.end,
          comment: op.comment,
          ...(op.clientUpdatedAt
            ? { clientUpdatedAt: op.clientUpdatedAt, clientSentAt: new Date().toISOString() }
            : {}),
        },
      });
      return;
    }
    try {
      await api(`/api/teacher/comment/${id}`, { ...scope, method: 'DELETE' });
    } catch (error) {
      if (errorStatus(error) !== 404) throw error; // already gone: the goal is reached
    }
  },
  refreshes: (item) => [{ invalidate: recordingQueryKey(item.payload.audioId), exact: true }],
};
