import { z } from 'zod';
import {
  RECORDING_UPLOAD_FIELDS,
  recordingUploadFieldsSchema,
  type RecordingUploadFields,
} from '../../../src/shared/contract/student';
import { RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { badRequest, type HttpError, payloadTooLarge, unsupportedMediaType } from '../../lib/http-error';
import { detectMediaType } from '../../lib/media-type';
import { drain, readHead } from '../../lib/stream-head';
import { StorageLimitError } from '../../adapters/storage';

/** One part of the multipart body, as the transport hands it over, in the order it came. */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  /** `content` must be read to its end before the next part comes. */
  | { kind: 'file'; name: string; content: AsyncIterable<Uint8Array> };

/** The audio that was streamed to storage, not yet part of any recording. */
export interface StagedAudio {
  key: string;
  size: number;
  /** Container judged from the bytes: `audio/webm` or `audio/mp4`. */
  container: 'audio/webm' | 'audio/mp4';
}

export interface ReadUpload {
  fields: RecordingUploadFields;
  /** Null when the bytes were skipped because the clientId was already known. */
  staged: StagedAudio | null;
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
  const { head, content: whole, skipRest } = await readHead(content);
  const type = detectMediaType(head);
  if (type !== 'audio/webm' && type !== 'audio/mp4') {
    await skipRest();
    return { kind: 'wrong-type' };
  }
  // The student's space left binds before the per-recording cap when it is the smaller.
  const spaceBinds = spaceLeft < ctx.config.maxRecordingBytes;
  try {
    const stored = await ctx.storage.put(whole(), {
      prefix: 'recordings',
      maxBytes: Math.min(ctx.config.maxRecordingBytes, spaceLeft),
      contentType: type,
    });
    return { kind: 'stored', audio: { key: stored.key, size: stored.size, container: type } };
  } catch (err) {
    if (!(err instanceof StorageLimitError)) throw err;
    await skipRest();
    return { kind: spaceBinds ? 'storage-full' : 'too-large' };
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

function fieldErrors(error: z.ZodError): HttpError {
  const texts = [...new Set(error.issues.map((i) => i.message))];
  return badRequest(texts.join('; '));
}

const KNOWN_FIELDS = new Set<string>(Object.values(RECORDING_UPLOAD_FIELDS));

/**
 * Reads the whole upload whatever the order of its parts: the audio goes to storage as it
 * streams in, the fields are kept, and only once everything was read are they judged. On any
 * failure nothing stays stored. `isKnownClientId` lets a repeated upload skip storing its bytes
 * when the clientId came before the file.
 */
export async function readUpload(
  ctx: AppContext,
  parts: AsyncIterable<UploadPart>,
  isKnownClientId: (clientId: string) => Promise<boolean>,
  spaceLeft: number,
): Promise<ReadUpload> {
  const raw: Record<string, string> = {};
  let staged: StagedAudio | null = null;
  let sawAudio = false;
  let failure: HttpError | null = null;
  try {
    for await (const part of parts) {
      if (part.kind === 'field') {
        // The first value of a field counts; unknown fields are ignored.
        if (KNOWN_FIELDS.has(part.name) && !(part.name in raw)) raw[part.name] = part.value;
        continue;
      }
      const it = part.content[Symbol.asyncIterator]();
      if (part.name !== RECORDING_UPLOAD_FIELDS.file || sawAudio) {
        await drain(it);
        if (part.name === RECORDING_UPLOAD_FIELDS.file) failure ??= badRequest(RECORDING_TEXT.tooManyFiles);
        continue;
      }
      sawAudio = true;
      const clientId = raw[RECORDING_UPLOAD_FIELDS.clientId];
      if (clientId && z.uuid().safeParse(clientId).success && (await isKnownClientId(clientId))) {
        // A replay of an upload the server already has: its bytes are not needed.
        await drain(it);
        continue;
      }
      const outcome = await stageAudio(ctx, { [Symbol.asyncIterator]: () => it }, spaceLeft);
      if (outcome.kind === 'stored') staged = outcome.audio;
      else failure ??= stageRefusal(ctx, outcome.kind);
    }
    if (failure) throw failure;
    if (!sawAudio) throw badRequest(RECORDING_TEXT.fileMissing);
    const parsed = recordingUploadFieldsSchema.safeParse(raw);
    if (!parsed.success) throw fieldErrors(parsed.error);
    return { fields: parsed.data, staged };
  } catch (err) {
    if (staged) await ctx.storage.delete(staged.key);
    throw err;
  }
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
