import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/http-error';
import { parseRange } from '../../lib/http-range';

export interface StoredMedia {
  storageKey: string;
  mime: string;
  /** Shown as the download name; never used as a path. */
  name: string;
}

/**
 * An empty stream, not an empty payload: Fastify's automatic HEAD route would replace the
 * Content-Length of an empty payload with 0, but keeps it for a stream.
 */
const noBody = () => Readable.from([]);

/** RFC 5987 filename*, so any name (quotes, Cyrillic) survives the header. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Answers a stored object with its stored type, Range support (206, or 416 with the size) and
 * headers that keep the browser from ever treating it as a page of this origin.
 */
export async function sendStoredMedia(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  media: StoredMedia,
  expiresAtSeconds: number,
): Promise<FastifyReply> {
  if (ctx.config.s3?.mediaRedirect && ctx.storage.presign) {
    // The bucket answers Range itself; the app's address stays the one that expires and is checked.
    const location = await ctx.storage.presign(media.storageKey, {
      contentType: media.mime,
      contentDisposition: contentDisposition(media.name),
      expiresInSeconds: expiresAtSeconds - Math.floor(Date.now() / 1000),
    });
    return reply.header('Cache-Control', 'private, no-store').redirect(location, 302);
  }
  const stat = await ctx.storage.stat(media.storageKey);
  if (!stat) throw notFound(AUTHORING_TEXT.fileNotFound);
  const size = stat.size;
  const maxAge = Math.max(0, Math.min(expiresAtSeconds - Math.floor(Date.now() / 1000), 86_400));

  const range = parseRange(request.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    reply.header('Content-Range', `bytes */${size}`);
    throw new HttpError(416, { message: AUTHORING_TEXT.rangeNotSatisfiable });
  }

  reply
    .header('Content-Type', media.mime)
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cross-Origin-Resource-Policy', 'same-site')
    .header('Content-Disposition', contentDisposition(media.name))
    // The address itself expires; the content behind one id never changes.
    .header('Cache-Control', `private, max-age=${maxAge}`);

  if (range.kind === 'partial') {
    const { start, end } = range.range;
    reply
      .code(206)
      .header('Content-Range', `bytes ${start}-${end}/${size}`)
      .header('Content-Length', end - start + 1);
    if (request.method === 'HEAD') return reply.send(noBody());
    return reply.send(ctx.storage.read(media.storageKey, range.range));
  }
  reply.code(200).header('Content-Length', size);
  if (request.method === 'HEAD' || size === 0) return reply.send(noBody());
  return reply.send(ctx.storage.read(media.storageKey));
}
