import { reviewCommentSchema } from '@/shared/contract/review';
import { api, errorStatus } from '@/lib/api-client';
import { syncEngine } from '@/lib/device-sync';
import type { OutboxItem, OutboxKindDef } from '@/lib/sync-engine';
import { uuid } from '@/lib/uuid';
import { resolveCommentId, type CommentRef } from './comment-ops';
import { recordingQueryKey } from './query-keys';

// The voice kind of the outbox: a comment's spoken part, kept on the device (the bytes are the
// item's payload) and sent after the comment's creation (the same group as the comment's
// changes). Shared by the page and the service worker (src/app/outbox-kinds.ts): no React here.

export type VoiceOp =
  | {
      op: 'put';
      audioId: number;
      target: CommentRef;
      blob: Blob;
      /** The type the recorder made (`audio/webm;codecs=opus` or `audio/mp4`). */
      mime: string;
      /** Seconds, as measured while recording. */
      duration: number;
    }
  | { op: 'remove'; audioId: number; target: CommentRef };

declare module '@/lib/sync-engine' {
  interface OutboxPayloads {
    voice: VoiceOp;
  }
}

/** A 2 MB voice over a slow link takes longer than a JSON call. */
const VOICE_TIMEOUT_MS = 120_000;

const sameTarget = (a: CommentRef, b: CommentRef) =>
  'id' in a ? 'id' in b && a.id === b.id : 'clientId' in b && a.clientId === b.clientId;

/** The server takes `audio/webm;codecs=opus` as it is; any other type by its container alone. */
export const voiceContentType = (mime: string) =>
  mime === 'audio/webm;codecs=opus' ? mime : (mime.split(';')[0]?.trim() ?? mime);

/**
 * Queues a comment's voice (or its removal) behind the comment's own changes of that recording,
 * so it goes after the comment's creation even when both were made offline.
 */
export async function enqueueVoiceOp(op: VoiceOp): Promise<void> {
  await syncEngine.enqueue({
    key: `voice:${uuid()}`,
    kind: 'voice',
    payload: op.op === 'put' ? { ...op, duration: Math.max(0.1, Math.round(op.duration * 10) / 10) } : op,
    label: op.op === 'put' ? 'голосовой комментарий' : 'удаление голосового комментария',
    group: `comments:${op.audioId}`,
  });
}

/** A recording's voices still waiting, oldest first, with the server's reason for any it refused. */
export function pendingVoiceOpsOf(items: ReadonlyArray<OutboxItem<'voice'>>, audioId: number) {
  return items
    .filter((i) => i.payload.audioId === audioId)
    .map((i) => ({ ...i.payload, refusal: i.blocked ? (i.lastError ?? null) : null }));
}

/** The newest waiting voice change of one comment (by server id or by the client id of its creation). */
export function pendingVoiceOf(
  ops: ReadonlyArray<VoiceOp>,
  comment: { id?: number; clientId?: string },
): VoiceOp | null {
  const mine = ops.filter(
    (op) =>
      ('id' in op.target && op.target.id === comment.id) ||
      ('clientId' in op.target && op.target.clientId === comment.clientId),
  );
  return mine.at(-1) ?? null;
}

/** The voice kind: one voice change per item, after its comment's creation; a later one replaces it. */
export const voiceKind: OutboxKindDef<'voice'> = {
  kind: 'voice',
  send: async (item, { scope }) => {
    const op = item.payload;
    const id = await resolveCommentId(op.target);
    // Its comment never reached the server (refused): there is nothing to speak on.
    if (id === null) return;
    try {
      if (op.op === 'put') {
        return await api(`/api/teacher/comment/${id}/voice`, {
          ...scope,
          method: 'PUT',
          query: { duration: op.duration },
          body: op.blob,
          headers: { 'content-type': voiceContentType(op.mime) },
          timeout: VOICE_TIMEOUT_MS,
          schema: reviewCommentSchema,
        });
      }
      return await api(`/api/teacher/comment/${id}/voice`, {
        ...scope,
        method: 'DELETE',
        schema: reviewCommentSchema,
      });
    } catch (error) {
      // The comment was deleted meanwhile: its voice has nowhere to go.
      if (errorStatus(error) !== 404) throw error;
      return undefined;
    }
  },
  // A later voice (or removal) of the same comment makes an earlier one needless.
  supersededBy: (item, later) => sameTarget(item.payload.target, later.payload.target),
  refreshes: (item) => [{ invalidate: recordingQueryKey(item.payload.audioId), exact: true }],
};
