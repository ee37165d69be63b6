import { SNIFF_BYTES } from './media-type';

/** Reads the source to its end and keeps nothing (a multipart part must be read for the next). */
export async function drain(it: AsyncIterator<Uint8Array>): Promise<void> {
  for (;;) {
    const r = await it.next();
    if (r.done) return;
  }
}

export interface StreamHead {
  /** The first SNIFF_BYTES or more (fewer when the stream is shorter), for `detectMediaType`. */
  head: Buffer;
  /** The whole stream again: the head, then the rest as it comes. */
  content: () => AsyncGenerator<Uint8Array>;
  /** Reads what was not read yet to its end. */
  skipRest: () => Promise<void>;
}

/**
 * Reads the head of an upload so its type can be judged before anything is stored. The source
 * is never closed, so after a refused or failed write the rest can still be drained.
 */
export async function readHead(source: AsyncIterable<Uint8Array>): Promise<StreamHead> {
  const it = source[Symbol.asyncIterator]();
  const headChunks: Uint8Array[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    headChunks.push(r.value);
    headLength += r.value.byteLength;
  }
  const head = Buffer.concat(headChunks);
  async function* content(): AsyncGenerator<Uint8Array> {
    yield head;
    if (ended) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value;
    }
  }
  return { head, content, skipRest: async () => (ended ? undefined : drain(it)) };
}
