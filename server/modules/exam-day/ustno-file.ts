import type { Readable } from 'node:stream';
import type yauzl from 'yauzl';
import {
  USTNO_ENTRIES,
  USTNO_FILE_VERSION,
  ustnoAnswerSchema,
  type UstnoAnswer,
} from '../../../src/shared/contract/progress';
import { EXAM_DAY_TEXT } from '../../../src/shared/messages';

// A `.ustno` file as the device's 'Сохранить файл' writes it: a zip holding answer.json and the
// audio (answer.webm or answer.m4a). Read from a file on disk (a zip's directory is at its end),
// one bounded entry at a time: the description whole (a few KB at most), the audio as a stream.

/** answer.json is a description, never more than this. */
const ANSWER_JSON_MAX_BYTES = 64 * 1024;

/** A file refused for what it holds: the message says why, in Russian. */
export class UstnoFileError extends Error {}

export interface UstnoFile {
  answer: UstnoAnswer;
  /** The audio entry's bytes, decompressed as they are read. */
  audio(): Promise<Readable>;
  /** The audio entry's size as the zip declares it (checked against what is read). */
  audioSize: number;
  close(): void;
}

async function readWhole(stream: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      throw new UstnoFileError(EXAM_DAY_TEXT.fileJsonInvalid('слишком большой файл'));
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function describe(issues: Array<{ message: string }>): string {
  return [...new Set(issues.map((i) => i.message))].join('; ');
}

/** The answer's description, checked by the contract's rules for an upload. */
function parseAnswer(bytes: Buffer): UstnoAnswer {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new UstnoFileError(EXAM_DAY_TEXT.fileJsonInvalid('это не JSON'));
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > USTNO_FILE_VERSION) {
    throw new UstnoFileError(EXAM_DAY_TEXT.fileVersion);
  }
  const parsed = ustnoAnswerSchema.safeParse(json);
  if (!parsed.success) throw new UstnoFileError(EXAM_DAY_TEXT.fileJsonInvalid(describe(parsed.error.issues)));
  return parsed.data;
}

const AUDIO_NAMES: string[] = [USTNO_ENTRIES.webm, USTNO_ENTRIES.mp4];

/**
 * Opens the zip at `file` and reads its description; the audio is read later, by the caller,
 * once the description passed. Anything but exactly the two entries (unencrypted, stored or
 * deflated) is refused, as is audio declared larger than `maxAudioBytes` (`tooLarge` says so).
 */
export async function openUstnoFile(
  file: string,
  maxAudioBytes: number,
  tooLarge: string,
): Promise<UstnoFile> {
  let zip: yauzl.ZipFile;
  // Loaded at the first import: an idle server does without it.
  const { openPromise } = (await import('yauzl')).default;
  try {
    zip = await openPromise(file, {
      autoClose: false,
      strictFileNames: true,
      validateEntrySizes: true,
      decodeStrings: true,
    });
  } catch {
    throw new UstnoFileError(EXAM_DAY_TEXT.fileNotUstno);
  }
  // Failures reach the reads that meet them (their promises); none may go unheard as an event.
  zip.on('error', () => undefined);
  try {
    let json: yauzl.Entry | undefined;
    let audio: yauzl.Entry | undefined;
    let count = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        count += 1;
        if (count > 2) break;
        if (entry.fileName === USTNO_ENTRIES.json && !json) json = entry;
        else if (AUDIO_NAMES.includes(entry.fileName) && !audio) audio = entry;
      }
    } catch {
      throw new UstnoFileError(EXAM_DAY_TEXT.fileNotUstno);
    }
    if (count !== 2 || !json || !audio) throw new UstnoFileError(EXAM_DAY_TEXT.fileEntries);
    for (const entry of [json, audio]) {
      if (entry.isEncrypted() || !entry.canDecodeFileData())
        throw new UstnoFileError(EXAM_DAY_TEXT.fileNotUstno);
    }
    if (json.uncompressedSize > ANSWER_JSON_MAX_BYTES) {
      throw new UstnoFileError(EXAM_DAY_TEXT.fileJsonInvalid('слишком большой файл'));
    }
    if (audio.uncompressedSize > maxAudioBytes) throw new UstnoFileError(tooLarge);
    let description: Buffer;
    try {
      description = await readWhole(await zip.openReadStreamPromise(json), ANSWER_JSON_MAX_BYTES);
    } catch (err) {
      if (err instanceof UstnoFileError) throw err;
      throw new UstnoFileError(EXAM_DAY_TEXT.fileNotUstno);
    }
    const answer = parseAnswer(description);
    const audioEntry = audio;
    return {
      answer,
      audioSize: audioEntry.uncompressedSize,
      audio: () => zip.openReadStreamPromise(audioEntry),
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}
