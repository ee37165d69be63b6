import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import {
  IMPORT_FILES_MAX,
  type ImportFileResult,
  type ImportResults,
  type UstnoAnswer,
} from '../../../src/shared/contract/progress';
import { EXAM_DAY_TEXT, RECORDING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { createOnce } from '../../lib/create-once';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/private-files';
import { drain } from '../../lib/stream-head';
import { requireTeacherExam } from '../exams';
import {
  claimUpload,
  findOwnRecording,
  keepStagedIfUsed,
  resolveTarget,
  stageAudio,
  storeRecording,
  studentSpaceLeft,
  tooLargeText,
  unbindUpload,
  type StagedAudio,
} from '../recordings';
import * as repo from './repository';
import { openUstnoFile, UstnoFileError, type UstnoFile } from './ustno-file';

// Answers brought in as `.ustno` files (the device's 'Сохранить файл'), by the teacher for any
// student given the exam, or by a student for their own. Each file goes the way of an upload:
// its clientId makes the recording at most once, its student must be given the exam (and the
// variant), its bytes are checked and capped like any recording's. Nothing else in the file is
// believed. A file is written to a private temporary file first (a zip's directory is at its
// end), then read one bounded entry at a time.

/** One file part of the form, read to its end before the next comes. */
export interface ImportPart {
  /** The file's name as the client sent it. */
  name: string;
  content: AsyncIterable<Uint8Array>;
}

/** Who imports: the exam's teacher (any student given it) or a student (their own files only). */
export type Importer = { role: 'TEACHER'; teacherId: number } | { role: 'STUDENT'; studentId: number };

/** A file may be at most the recording's cap and a little more (the description, the zip's headers). */
const FILE_OVERHEAD_BYTES = 1024 * 1024;

export function maxImportFileBytes(ctx: AppContext): number {
  return ctx.config.maxRecordingBytes + FILE_OVERHEAD_BYTES;
}

/** Checks who may import into the exam before any byte is read: a foreign exam answers 404. */
export async function assertImportAllowed(
  ctx: AppContext,
  importer: Importer,
  examId: number,
): Promise<void> {
  if (importer.role === 'TEACHER') await requireTeacherExam(ctx.db, importer.teacherId, examId);
  else if (!(await repo.isExamGiven(ctx.db, importer.studentId, examId)))
    throw notFound(EXAM_DAY_TEXT.examNotGiven);
}

/**
 * POST /api/{teacher|student}/exam/{id}/import: every file attached, found a duplicate or refused
 * with a reason, in the order they came. `arrival`: when the request came (an answer recorded
 * after the exam closed is flagged as any upload is).
 */
export async function importFiles(
  ctx: AppContext,
  importer: Importer,
  examId: number,
  parts: AsyncIterable<ImportPart>,
  arrival: Date,
): Promise<ImportResults> {
  await assertImportAllowed(ctx, importer, examId);
  const dir = path.join(ctx.config.dataDir, 'imports');
  await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const results: ImportFileResult[] = [];
  for await (const part of parts) {
    if (results.length >= IMPORT_FILES_MAX) {
      // The ones before are kept and answered; these wait for another request.
      await drain(part.content[Symbol.asyncIterator]());
      results.push(refused(part.name, EXAM_DAY_TEXT.importTooManyFiles(IMPORT_FILES_MAX)));
      continue;
    }
    const file = path.join(dir, `${crypto.randomUUID()}.ustno`);
    try {
      const saved = await saveBounded(part.content, file, maxImportFileBytes(ctx));
      results.push(
        saved
          ? await importFile(ctx, importer, examId, part.name, file, arrival)
          : refused(
              part.name,
              EXAM_DAY_TEXT.fileTooLarge(Math.round(maxImportFileBytes(ctx) / (1024 * 1024))),
            ),
      );
    } finally {
      await fsp.rm(file, { force: true });
    }
  }
  if (results.length === 0) throw badRequest(EXAM_DAY_TEXT.importNoFiles);
  return { results };
}

/** Writes the part to `file` (0600); past `maxBytes` reads the rest and answers false. */
async function saveBounded(
  content: AsyncIterable<Uint8Array>,
  file: string,
  maxBytes: number,
): Promise<boolean> {
  const out = fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined);
  let size = 0;
  try {
    for await (const chunk of content) {
      size += chunk.byteLength;
      if (size > maxBytes) continue;
      if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
    }
  } finally {
    out.end();
    await Promise.race([once(out, 'close'), failed]);
  }
  return size <= maxBytes;
}

const refused = (file: string, message: string, studentId?: number): ImportFileResult => ({
  file,
  status: 'refused',
  ...(studentId !== undefined && { studentId }),
  message,
});

/** The words of a refusal on a file (an upload's texts speak to the student who sent it). */
function refusalText(err: HttpError): string {
  if (err.message === RECORDING_TEXT.uploadOfAnotherStudent) return EXAM_DAY_TEXT.fileClientIdTaken;
  if (err.message === RECORDING_TEXT.examGone) return EXAM_DAY_TEXT.fileStudentNotGiven;
  if (err.message === RECORDING_TEXT.typeRefused) return EXAM_DAY_TEXT.fileNotRecording;
  return err.message;
}

/** One file: its description checked, then its audio staged and made a recording once. */
async function importFile(
  ctx: AppContext,
  importer: Importer,
  examId: number,
  name: string,
  file: string,
  arrival: Date,
): Promise<ImportFileResult> {
  let ustno: UstnoFile | undefined;
  let studentId: number | undefined;
  try {
    ustno = await openUstnoFile(file, ctx.config.maxRecordingBytes, tooLargeText(ctx));
    const { answer } = ustno;
    if (answer.examID !== examId) return refused(name, EXAM_DAY_TEXT.fileOtherExam);
    if (importer.role === 'STUDENT' && answer.studentId !== importer.studentId) {
      return refused(name, EXAM_DAY_TEXT.fileOtherStudent);
    }
    studentId = answer.studentId;
    return await attach(ctx, studentId, name, ustno, answer, arrival);
  } catch (err) {
    if (err instanceof UstnoFileError) return refused(name, err.message, studentId);
    if (err instanceof HttpError && err.statusCode < 500) return refused(name, refusalText(err), studentId);
    throw err;
  } finally {
    ustno?.close();
  }
}

async function attach(
  ctx: AppContext,
  studentId: number,
  name: string,
  ustno: UstnoFile,
  answer: UstnoAnswer,
  arrival: Date,
): Promise<ImportFileResult> {
  const { clientId } = answer;
  const done = (status: 'attached' | 'duplicate', recordingId: number): ImportFileResult => ({
    file: name,
    status,
    studentId,
    recordingId,
  });
  // Brought before (or sent by the device meanwhile): that recording, no second one.
  const earlier = await findOwnRecording(ctx, studentId, clientId);
  if (earlier) return done('duplicate', earlier.id);
  const target = await resolveTarget(ctx, studentId, answer);
  // The clientId is the student's from now on, as an upload's first part makes it.
  await claimUpload(ctx, studentId, clientId);
  const outcome = await stageAudio(ctx, await ustno.audio(), await studentSpaceLeft(ctx, studentId));
  if (outcome.kind !== 'stored') {
    throw new UstnoFileError(
      outcome.kind === 'wrong-type'
        ? EXAM_DAY_TEXT.fileNotRecording
        : outcome.kind === 'storage-full'
          ? RECORDING_TEXT.storageFull(ctx.config.studentStorageBytes / (1024 * 1024))
          : tooLargeText(ctx),
    );
  }
  const staged: StagedAudio = outcome.audio;
  const description = {
    examID: answer.examID,
    variantID: answer.variantID,
    mime: answer.mime,
    duration: answer.duration,
    taskStarts: answer.taskStarts,
    questionStarts: answer.questionStarts,
    interrupted: answer.interrupted,
    recordedAt: answer.recordedAt,
  };
  const row = await keepStagedIfUsed(ctx, staged, () =>
    createOnce(
      () => findOwnRecording(ctx, studentId, clientId),
      () => storeRecording(ctx, studentId, clientId, description, staged, target, arrival),
    ),
  );
  await unbindUpload(ctx.db, clientId, studentId);
  return done(row.storage_key === staged.key ? 'attached' : 'duplicate', row.id);
}
