import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error';

/** What an upload answers when its body cannot be read, in the words of its area. */
export interface MultipartErrors {
  malformed: string;
  tooManyFiles: () => Error;
}

/** A part's bytes; a broken multipart body surfaces as 400, and the stream is never closed early. */
export async function* partContent(stream: Readable, malformed: string): AsyncGenerator<Uint8Array> {
  const it = stream[Symbol.asyncIterator]();
  for (;;) {
    let r: IteratorResult<Uint8Array>;
    try {
      r = await it.next();
    } catch {
      throw badRequest(malformed);
    }
    if (r.done) return;
    yield r.value;
  }
}

function partsError(err: unknown, errors: MultipartErrors): Error {
  const e = err as { code?: string; statusCode?: number };
  if (e.code === 'FST_FILES_LIMIT') return errors.tooManyFiles();
  // Our own limits (parts, fields) answer 413 through the error handler; anything busboy
  // throws about a broken body is the client's fault, never a 500.
  if (err instanceof HttpError || (e.statusCode && e.statusCode < 500)) return err as Error;
  return badRequest(errors.malformed);
}

/** The parts of the multipart body in the order they come. */
export async function* multipartParts(
  req: FastifyRequest,
  errors: MultipartErrors,
): AsyncGenerator<Multipart> {
  const parts = req.parts();
  for (;;) {
    let r: IteratorResult<Multipart>;
    try {
      r = await parts.next();
    } catch (err) {
      throw partsError(err, errors);
    }
    if (r.done) return;
    yield r.value;
  }
}
