import { RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { type HttpError, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { detectMediaType, SNIFF_BYTES } from '../../lib/media-type';
import { readHead } from '../../lib/stream-head';
import { StorageLimitError, type StoragePrefix } from '../../adapters/storage';

// Audio bytes on their way to a recording, whichever path brought them (the multipart form of
// multipart-upload.ts, or the parts joined by parts-upload.ts): checked by their first bytes and
// streamed to storage, where they wait until store-recording.ts makes them a recording.

/** The audio that was streamed to storage, not yet part of any recording. */
export interface StagedAudio {
  key: string;
  size: number;
  /** Container judged from the bytes: `audio/webm` or `audio/mp4`. */
  container: 'audio/webm' | 'audio/mp4';
}

export type StageOutcome =
  | { kind: 'stored'; audio: StagedAudio }
  | { kind: 'wrong-type' }
  | { kind: 'too-large' }
  | { kind: 'storage-full' };

/**
 * Streams the audio part to storage as it arrives, after checking from its first bytes that it
 * is WebM/Matroska or MP4. A refused or oversized part is read to its end and leaves nothing.
 */
export async function stageAudio(
  ctx: AppContext,
  content: AsyncIterable<Uint8Array>,
  spaceLeft = Number.POSITIVE_INFINITY,
): Promise<StageOutcome> {
  // The student's space left binds before the per-recording cap when it is the smaller.
  const spaceBinds = spaceLeft < ctx.config.maxRecordingBytes;
  const outcome = await storeAudio(ctx, content, {
    prefix: 'recordings',
    maxBytes: Math.min(ctx.config.maxRecordingBytes, spaceLeft),
  });
  return outcome.kind === 'too-large' && spaceBinds ? { kind: 'storage-full' } : outcome;
}

/**
 * The same check for audio already stored whole (a resumable upload's staging object, its first
 * `size` bytes): made a recording's object without copying it (`Storage.linkAs`).
 */
export async function stageStoredAudio(ctx: AppContext, key: string, size: number): Promise<StageOutcome> {
  if (!ctx.storage.linkAs) throw new Error('this storage cannot link objects');
  if (size > ctx.config.maxRecordingBytes) return { kind: 'too-large' };
  const { head, skipRest } = await readHead(
    ctx.storage.read(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 }),
  );
  await skipRest();
  const type = detectMediaType(head);
  if (type !== 'audio/webm' && type !== 'audio/mp4') return { kind: 'wrong-type' };
  const linked = await ctx.storage.linkAs(key, { prefix: 'recordings', size });
  return { kind: 'stored', audio: { key: linked.key, size: linked.size, container: type } };
}

/**
 * The same check and streaming for other audio a device recorded (a teacher's spoken comment):
 * WebM or MP4 by the first bytes, at most `maxBytes`, stored under `prefix`.
 */
export async function storeAudio(
  ctx: AppContext,
  content: AsyncIterable<Uint8Array>,
  target: { prefix: StoragePrefix; maxBytes: number },
): Promise<{ kind: 'stored'; audio: StagedAudio } | { kind: 'wrong-type' } | { kind: 'too-large' }> {
  const { head, content: whole, skipRest } = await readHead(content);
  const type = detectMediaType(head);
  if (type !== 'audio/webm' && type !== 'audio/mp4') {
    await skipRest();
    return { kind: 'wrong-type' };
  }
  try {
    const stored = await ctx.storage.put(whole(), { ...target, contentType: type });
    return { kind: 'stored', audio: { key: stored.key, size: stored.size, container: type } };
  } catch (err) {
    if (!(err instanceof StorageLimitError)) throw err;
    await skipRest();
    return { kind: 'too-large' };
  }
}

/** The answer to audio that could not be staged. */
export function stageRefusal(ctx: AppContext, kind: 'wrong-type' | 'too-large' | 'storage-full'): HttpError {
  if (kind === 'wrong-type') return unsupportedMediaType(RECORDING_TEXT.typeRefused);
  if (kind === 'storage-full') return payloadTooLarge(storageFullText(ctx));
  return payloadTooLarge(tooLargeText(ctx));
}

export function storageFullText(ctx: AppContext): string {
  return RECORDING_TEXT.storageFull(ctx.config.studentStorageBytes / (1024 * 1024));
}

export function tooLargeText(ctx: AppContext): string {
  return RECORDING_TEXT.tooLarge(Math.round((ctx.config.maxRecordingBytes / (1024 * 1024)) * 100) / 100);
}

const CODECS = /^\s*codecs\s*=\s*"?[A-Za-z0-9.,\s-]{1,60}"?\s*$/;

/**
 * The media type to store and serve: the container the bytes showed, with the client's codecs
 * parameter when its type names that same container (`audio/webm;codecs=opus`).
 */
export function storedMime(container: StagedAudio['container'], declared: string | undefined): string {
  if (!declared) return container;
  const [base, ...params] = declared.split(';');
  const baseType = base.trim().toLowerCase();
  const sameContainer =
    baseType === container ||
    (container === 'audio/webm' && baseType === 'video/webm') ||
    (container === 'audio/mp4' && baseType === 'video/mp4');
  if (!sameContainer) return container;
  const codecs = params.find((p) => CODECS.test(p));
  return codecs ? `${container};${codecs.trim().replace(/\s+/g, '')}` : container;
}
