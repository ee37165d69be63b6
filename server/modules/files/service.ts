import type { PageQuery, SearchPageQuery } from '../../../src/shared/contract/common';
import type { FileDto, RenameFileBody, UploadResult } from '../../../src/shared/contract/teacher';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import { searchColumn } from '../../../src/shared/search-text';
import type { AppContext } from '../../context';
import { cleanDisplayName, uploadedFileName } from '../../lib/file-name';
import { badRequest, notFound } from '../../lib/http-error';
import { detectMediaType } from '../../lib/media-type';
import { mapPage, type Page } from '../../lib/paging';
import { readHead } from '../../lib/stream-head';
import { nowIso } from '../../lib/time';
import { StorageLimitError } from '../../adapters/storage';
import { forgetModelAnswerFile, forgetQuestionFile } from '../tasks';
import * as repo from './repository';

/** Most files one upload request may carry; the rest are reported and skipped. */
export const MAX_FILES_PER_UPLOAD = 50;

/** One file part of an upload, as the transport hands it over. */
export interface IncomingFile {
  filename: string | undefined;
  /** Must be read to its end (the next part only starts after it). */
  content: AsyncIterable<Uint8Array>;
}

/** Thrown by the incoming-file sequence when the client sent more than MAX_FILES_PER_UPLOAD. */
export class TooManyFiles extends Error {
  constructor() {
    super('too many files in one upload');
  }
}

export function toFileDto(ctx: AppContext, f: repo.FileRow): FileDto {
  return { id: f.id, name: f.name, type: f.mime, access: ctx.media.url('file', f.id) };
}

export async function listFiles(
  ctx: AppContext,
  teacherId: number,
  q: SearchPageQuery,
): Promise<Page<FileDto>> {
  return mapPage(await repo.teacherFilesPage(ctx.db, teacherId, q), (f) => toFileDto(ctx, f));
}

const firstPage = (q: PageQuery): SearchPageQuery => ({ ...q, search_string: '' });

type Outcome =
  | { kind: 'stored' }
  | { kind: 'skipped' }
  | { kind: 'too-large' | 'wrong-type' | 'storage-full'; name: string };

/**
 * Stores one file if its bytes say it is an image or audio we serve, it fits the per-file cap
 * and what is left of the teacher's space.
 */
async function storeOne(ctx: AppContext, teacherId: number, file: IncomingFile): Promise<Outcome> {
  const { head, content, skipRest } = await readHead(file.content);
  // A browser sends an empty, nameless part for a file input left empty: that is no file at all.
  if (head.length === 0 && !file.filename) return { kind: 'skipped' };

  const name = uploadedFileName(file.filename);
  const mime = detectMediaType(head);
  if (!mime) {
    await skipRest();
    return { kind: 'wrong-type', name };
  }

  const left = Math.max(0, ctx.config.teacherQuotaBytes - (await repo.teacherStorageUsed(ctx.db, teacherId)));
  const quotaBinds = left < ctx.config.maxFileBytes;
  let stored;
  try {
    stored = await ctx.storage.put(content(), {
      prefix: 'files',
      maxBytes: Math.min(ctx.config.maxFileBytes, left),
      contentType: mime,
    });
  } catch (err) {
    if (!(err instanceof StorageLimitError)) throw err;
    await skipRest();
    return { kind: quotaBinds ? 'storage-full' : 'too-large', name };
  }
  try {
    await repo.insertFile(ctx.db, {
      teacher_id: teacherId,
      name,
      search: searchColumn(name),
      mime,
      size: stored.size,
      storage_key: stored.key,
      created_at: nowIso(),
    });
  } catch (err) {
    await ctx.storage.delete(stored.key);
    throw err;
  }
  return { kind: 'stored' };
}

/**
 * Stores every acceptable file of an upload, one at a time as they stream in; each refused file
 * gets its own Russian line. Status: 200 when something was stored or nothing failed, else 413
 * when every failure was the size and 415 otherwise; the body is the same in every case.
 */
export async function upload(
  ctx: AppContext,
  teacherId: number,
  files: AsyncIterable<IncomingFile>,
  q: PageQuery,
): Promise<{ status: 200 | 413 | 415; body: UploadResult }> {
  const errors: string[] = [];
  let stored = 0;
  let tooLarge = 0;
  let wrongType = 0;
  const maxMb = ctx.config.maxFileBytes / (1024 * 1024);
  try {
    for await (const file of files) {
      const outcome = await storeOne(ctx, teacherId, file);
      if (outcome.kind === 'stored') stored += 1;
      else if (outcome.kind === 'too-large') {
        tooLarge += 1;
        errors.push(AUTHORING_TEXT.fileTooLarge(outcome.name, maxMb));
      } else if (outcome.kind === 'storage-full') {
        tooLarge += 1;
        errors.push(AUTHORING_TEXT.storageFull(outcome.name, ctx.config.teacherQuotaBytes / (1024 * 1024)));
      } else if (outcome.kind === 'wrong-type') {
        wrongType += 1;
        errors.push(AUTHORING_TEXT.fileTypeRefused(outcome.name));
      }
    }
  } catch (err) {
    if (!(err instanceof TooManyFiles)) throw err;
    errors.push(AUTHORING_TEXT.tooManyFiles(MAX_FILES_PER_UPLOAD));
  }
  const page = await listFiles(ctx, teacherId, firstPage(q));
  const body = { page: page.page, pages: page.pages, files: page.items, errors };
  if (stored > 0 || (tooLarge === 0 && wrongType === 0)) return { status: 200, body };
  return { status: wrongType === 0 ? 413 : 415, body };
}

export async function renameFile(
  ctx: AppContext,
  teacherId: number,
  body: RenameFileBody,
  q: PageQuery,
): Promise<Page<FileDto>> {
  const name = cleanDisplayName(body.name);
  if (name === '') throw badRequest('Название: обязательное поле');
  if (!(await repo.renameTeacherFile(ctx.db, teacherId, body.id, name, searchColumn(name)))) {
    throw notFound(AUTHORING_TEXT.fileNotFound);
  }
  return listFiles(ctx, teacherId, firstPage(q));
}

/**
 * Deletes the file, its place in any task (a task's files cascade; a question that played it keeps
 * its text and answer time, a model answer its text, without audio) and, once that is committed,
 * its stored content.
 */
export async function deleteFile(
  ctx: AppContext,
  teacherId: number,
  id: number,
  q: PageQuery,
): Promise<Page<FileDto>> {
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.deleteTeacherFile(trx, teacherId, id);
    if (row) {
      await forgetQuestionFile(trx, teacherId, id);
      await forgetModelAnswerFile(trx, teacherId, id);
    }
    return row;
  });
  if (!deleted) throw notFound(AUTHORING_TEXT.fileNotFound);
  await ctx.storage.delete(deleted.storage_key);
  return listFiles(ctx, teacherId, firstPage(q));
}
