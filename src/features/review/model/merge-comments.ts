import type { CommentOp, CommentRef } from '../api/comment-ops';

export interface ShownComment {
  /** A stable key: the server id, or the client id of an unconfirmed creation. */
  key: string;
  ref: CommentRef;
  start: number;
  end: number;
  comment: string;
  /** Changed on this device and not yet confirmed by the server. */
  pending: boolean;
  /** Why the server refused the change for good (its message), or null while it may still go. */
  refusal: string | null;
}

/** A change waiting in the outbox, with the server's reason once it was refused for good. */
export type PendingCommentOp = CommentOp & { refusal?: string | null };

const refKey = (ref: CommentRef) => ('id' in ref ? `id:${ref.id}` : `client:${ref.clientId}`);

/** The server's comments with the outbox's pending changes applied on top, sorted by start. */
export function mergeComments(
  server: Array<{ id: number; start: number; end: number; comment: string }>,
  pending: PendingCommentOp[],
): ShownComment[] {
  const shown = new Map<string, ShownComment>();
  for (const c of server) {
    const ref = { id: c.id };
    shown.set(refKey(ref), {
      key: refKey(ref),
      ref,
      start: c.start,
      end: c.end,
      comment: c.comment,
      pending: false,
      refusal: null,
    });
  }
  for (const op of pending) {
    if (op.op === 'create') {
      const ref = { clientId: op.clientId };
      shown.set(refKey(ref), {
        key: refKey(ref),
        ref,
        start: op.start,
        end: op.end,
        comment: op.comment,
        pending: true,
        refusal: op.refusal ?? null,
      });
    } else if (op.op === 'update') {
      const existing = shown.get(refKey(op.target));
      if (existing)
        shown.set(existing.key, {
          ...existing,
          start: op.start,
          end: op.end,
          comment: op.comment,
          pending: true,
          refusal: op.refusal ?? null,
        });
    } else {
      shown.delete(refKey(op.target));
    }
  }
  return [...shown.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}
