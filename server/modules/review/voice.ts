import { Readable } from 'node:stream';
import { VOICE_MAX_BYTES } from '../../../src/shared/contract/review';
import type { CommentDto } from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import { recordingExtension } from '../../../src/shared/recording-media';
import type { AppContext } from '../../context';
import type { Db } from '../../db/types';
import { notFound, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { nowIso } from '../../lib/time';
import { storedMime, storeAudio } from '../recordings';
import * as repo from './repository';
import { deleteVoiceObjects, toCommentDtos } from './service';

// A comment's spoken part: one at most, replaced whole by the next one. Each voice is its own row
// with its own id, so a replaced voice answers at a new signed address and a device that cached
// the old one by its path never plays it for the new.

export const voiceTooLargeText = () =>
  RECORDING_TEXT.voiceTooLarge(Math.round((VOICE_MAX_BYTES / (1024 * 1024)) * 100) / 100);

/**
 * Stores the audio as the comment's voice, replacing the one it had (whose object goes once the
 * change is committed). The bytes must be WebM or MP4 (415) and at most VOICE_MAX_BYTES (413); a
 * comment that is missing, deleted or on another teacher's exam answers 404 and keeps nothing.
 * A replay of the same call stores the same voice again: harmless.
 */
export async function putCommentVoice(
  ctx: AppContext,
  teacherId: number,
  commentId: number,
  body: { bytes: Buffer; declaredType: string | undefined; duration: number },
): Promise<CommentDto> {
  // Checked before the bytes are stored, so a deleted comment's voice costs no write.
  if (!(await repo.findTeacherComment(ctx.db, teacherId, commentId))) {
    throw notFound(RECORDING_TEXT.commentNotFound);
  }
  const outcome = await storeAudio(ctx, Readable.from([body.bytes]), {
    prefix: 'voices',
    maxBytes: VOICE_MAX_BYTES,
  });
  if (outcome.kind === 'wrong-type') throw unsupportedMediaType(RECORDING_TEXT.voiceTypeRefused);
  if (outcome.kind === 'too-large') throw payloadTooLarge(voiceTooLargeText());
  const staged = outcome.audio;

  let written: { comment: repo.CommentRow; replaced: string[] };
  try {
    written = await ctx.db.transaction().execute(async (trx) => {
      const comment = await repo.lockTeacherComment(trx, teacherId, commentId);
      if (!comment) throw notFound(RECORDING_TEXT.commentNotFound);
      const before = await repo.deleteCommentVoice(trx, commentId);
      await repo.insertCommentVoice(trx, {
        comment_id: commentId,
        voice_key: staged.key,
        voice_mime: storedMime(staged.container, body.declaredType),
        voice_size: staged.size,
        voice_duration: body.duration,
        created_at: nowIso(),
      });
      return { comment, replaced: before ? [before.voice_key] : [] };
    });
  } catch (err) {
    await deleteVoiceObjects(ctx, [staged.key]);
    throw err;
  }
  await deleteVoiceObjects(ctx, written.replaced);
  const [dto] = await toCommentDtos(ctx, ctx.db, [written.comment]);
  return dto;
}

/** Removes the comment's voice (none: nothing to do); answers the comment without it. */
export async function deleteCommentVoice(
  ctx: AppContext,
  teacherId: number,
  commentId: number,
): Promise<CommentDto> {
  const { comment, removed } = await ctx.db.transaction().execute(async (trx) => {
    const locked = await repo.lockTeacherComment(trx, teacherId, commentId);
    if (!locked) throw notFound(RECORDING_TEXT.commentNotFound);
    return { comment: locked, removed: await repo.deleteCommentVoice(trx, commentId) };
  });
  if (removed) await deleteVoiceObjects(ctx, [removed.voice_key]);
  const [dto] = await toCommentDtos(ctx, ctx.db, [comment]);
  return dto;
}

/** A voice at its signed address (the `access` of a comment's voice). */
export async function findVoiceMedia(
  db: Db,
  id: number,
): Promise<{ storageKey: string; mime: string; name: string } | undefined> {
  const voice = await repo.findVoiceById(db, id);
  return (
    voice && {
      storageKey: voice.voice_key,
      mime: voice.voice_mime,
      name: `Голосовой комментарий ${voice.comment_id}.${recordingExtension(voice.voice_mime)}`,
    }
  );
}

/** The stored voices a delete of these rows takes with it, read in its transaction before it. */
export const voiceKeys = (db: Db, scope: Parameters<typeof repo.voiceKeys>[1]) => repo.voiceKeys(db, scope);
