import { Readable } from 'node:stream';
import type { S3Config } from '../config';
import { assertKey, newKey, StorageLimitError, type Storage } from './storage';

/** Parts of a multipart upload; 5 MiB is S3's smallest, and a recording rarely needs a second. */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight per upload. */
const QUEUE_SIZE = 2;
/** The longest a SigV4 pre-signed address may live. */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

/**
 * The origin a pre-signed address of this bucket points at, for the page's CSP when media
 * addresses redirect there: the endpoint itself path-style, the bucket as a subdomain otherwise.
 */
export function s3MediaOrigin(config: S3Config): string {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}

function isNotFound(err: unknown): boolean {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 404;
}

/**
 * An object's body, requested only when first read: the zip opens its entries one after another,
 * and a stream destroyed before that never costs a request. Destroying it aborts the request.
 */
class LazyObjectStream extends Readable {
  private body: Readable | undefined;
  private requested = false;
  private readonly abort = new AbortController();

  constructor(private readonly open: (signal: AbortSignal) => Promise<Readable>) {
    super();
  }

  override _read(): void {
    if (this.body) {
      this.body.resume();
      return;
    }
    if (this.requested) return;
    this.requested = true;
    this.open(this.abort.signal).then(
      (body) => {
        if (this.destroyed) {
          body.destroy();
          return;
        }
        this.body = body;
        body.on('data', (chunk: Buffer) => {
          if (!this.push(chunk)) body.pause();
        });
        body.once('end', () => this.push(null));
        body.once('error', (err) => this.destroy(err));
      },
      (err: unknown) => this.destroy(err instanceof Error ? err : new Error(String(err))),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.abort.abort();
    this.body?.destroy();
    callback(error);
  }
}

/**
 * Objects in an S3-protocol bucket under the same keys the local storage uses. Uploads stream
 * through lib-storage (one PUT for a small object, a multipart upload past PART_SIZE, aborted
 * on failure). S3 wants each part's length up front, so an upload in flight holds up to
 * PART_SIZE × (QUEUE_SIZE + 1) in memory: a long recording never whole, a short one whole.
 * Checks the bucket answers before the app starts, so a wrong setting fails at start rather
 * than at the first upload.
 */
export async function createS3Storage(config: S3Config): Promise<Storage> {
  // Loaded only when a bucket is configured: the SDK adds about half a second to every start.
  const [
    { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client },
    { Upload },
    { getSignedUrl },
  ] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
  });
  const Bucket = config.bucket;
  try {
    await client.send(new HeadBucketCommand({ Bucket }));
  } catch (err) {
    client.destroy();
    const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw new Error(`S3 bucket ${Bucket} at ${config.endpoint ?? 'AWS'} is not reachable (${reason})`);
  }

  return {
    async put(source, { prefix, maxBytes, contentType }) {
      const key = newKey(prefix);
      let size = 0;
      let overLimit = false;
      async function* counted(): AsyncGenerator<Uint8Array> {
        for await (const chunk of source) {
          size += chunk.byteLength;
          if (size > maxBytes) {
            overLimit = true;
            throw new StorageLimitError(maxBytes);
          }
          yield chunk;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(counted()), ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // A single PUT that failed late may still have landed; a multipart one is aborted.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        if (overLimit) throw new StorageLimitError(maxBytes);
        throw err;
      }
      return { key, size };
    },

    read(key, range) {
      assertKey(key);
      return new LazyObjectStream(async (abortSignal) => {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
          { abortSignal },
        );
        if (!(object.Body instanceof Readable)) throw new Error(`S3 object ${key} has no body`);
        return object.Body;
      });
    },

    async stat(key) {
      assertKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    presign(key, { contentType, contentDisposition, expiresInSeconds }) {
      assertKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: contentType,
          ResponseContentDisposition: contentDisposition,
        }),
        { expiresIn: Math.max(1, Math.min(expiresInSeconds, MAX_PRESIGN_SECONDS)) },
      );
    },

    close() {
      client.destroy();
    },
  };
}
