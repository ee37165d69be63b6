import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../../server/config';
import { createS3Storage, s3MediaOrigin } from '../../server/adapters/s3-storage';
import { StorageLimitError, type Storage } from '../../server/adapters/storage';
import { uploadOne } from './helpers/authoring';
import { startTestBucket, type TestBucket } from './helpers/s3';
import { createTestApp, registerAndLogin, type TestApp } from './helpers/test-app';

async function* chunks(data: Buffer, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

const s3Config = (bucket: TestBucket): S3Config => {
  const config = loadConfig(bucket.env).s3;
  if (!config) throw new Error('S3 settings did not parse');
  return config;
};

describe('S3 storage against an S3-protocol server', () => {
  let dir: string;
  let bucket: TestBucket;
  let storage: Storage;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ustno-s3-'));
    bucket = await startTestBucket(dir);
    storage = await createS3Storage(s3Config(bucket));
  });
  afterAll(async () => {
    storage?.close?.();
    await bucket?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('streams a large object up in parts and reads it back whole and by range', async () => {
    // Past one 5 MiB part, so lib-storage takes the multipart path.
    const data = crypto.randomBytes(11 * 1024 * 1024 + 123);
    const stored = await storage.put(chunks(data), {
      prefix: 'recordings',
      maxBytes: 20 * 1024 * 1024,
      contentType: 'audio/webm',
    });
    expect(stored.key).toMatch(/^recordings\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(stored.size).toBe(data.length);
    expect(await storage.stat(stored.key)).toEqual({ size: data.length });
    expect(await bucket.keys()).toContain(stored.key);

    const whole: Buffer[] = [];
    for await (const chunk of storage.read(stored.key)) whole.push(chunk as Buffer);
    expect(Buffer.concat(whole).equals(data)).toBe(true);

    const part: Buffer[] = [];
    for await (const chunk of storage.read(stored.key, { start: 6_000_000, end: 6_000_099 })) {
      part.push(chunk as Buffer);
    }
    expect(Buffer.concat(part).equals(data.subarray(6_000_000, 6_000_100))).toBe(true);

    await storage.delete(stored.key);
    expect(await storage.stat(stored.key)).toBeNull();
    expect(await bucket.keys()).not.toContain(stored.key);
  });

  it('refuses an object past the cap and leaves nothing behind, small or multipart', async () => {
    const before = await bucket.keys();
    for (const [size, maxBytes] of [
      [200_000, 100_000],
      [12 * 1024 * 1024, 7 * 1024 * 1024],
    ]) {
      await expect(
        storage.put(chunks(crypto.randomBytes(size)), {
          prefix: 'files',
          maxBytes,
          contentType: 'image/png',
        }),
      ).rejects.toBeInstanceOf(StorageLimitError);
    }
    expect(await bucket.keys()).toEqual(before);
  });

  it('answers null for a missing object, deletes it without error and refuses foreign keys', async () => {
    const missing = `files/ab/${crypto.randomUUID()}`;
    expect(await storage.stat(missing)).toBeNull();
    await expect(storage.delete(missing)).resolves.toBeUndefined();
    expect(() => storage.read('../etc/passwd')).toThrow(/invalid storage key/);
    await expect(storage.stat('files/../../x')).rejects.toThrow(/invalid storage key/);
  });

  it('signs a direct address, expiring as asked, that answers the type, name and ranges', async () => {
    const data = Buffer.from('0123456789abcdef');
    const stored = await storage.put(chunks(data), {
      prefix: 'files',
      maxBytes: 1000,
      contentType: 'audio/mpeg',
    });
    const url = await storage.presign?.(stored.key, {
      contentType: 'audio/mpeg',
      contentDisposition: 'inline; filename="a.mp3"',
      expiresInSeconds: 60,
    });
    expect(url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(url as string, { headers: { range: 'bytes=4-7' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="a.mp3"');
    expect(await res.text()).toBe('4567');
    expect(new URL(url as string).searchParams.get('X-Amz-Expires')).toBe('60');
  });

  it('names the origin of pre-signed addresses, path-style or per bucket', () => {
    const base = { bucket: 'ustno', region: 'eu-west-1', credentials: undefined, mediaRedirect: true };
    expect(s3MediaOrigin({ ...base, endpoint: 'http://minio:9000/', forcePathStyle: true })).toBe(
      'http://minio:9000',
    );
    expect(
      s3MediaOrigin({ ...base, endpoint: 'https://storage.yandexcloud.net', forcePathStyle: false }),
    ).toBe('https://ustno.storage.yandexcloud.net');
    expect(s3MediaOrigin({ ...base, endpoint: undefined, forcePathStyle: false })).toBe(
      'https://ustno.s3.eu-west-1.amazonaws.com',
    );
  });

  it('fails at start, naming the bucket, when the bucket does not answer', async () => {
    await expect(createS3Storage({ ...s3Config(bucket), bucket: 'no-such-bucket' })).rejects.toThrow(
      /S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ is not reachable/,
    );
  });
});

describe('media addresses redirecting to the bucket (S3_MEDIA_REDIRECT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite+s3', { S3_MEDIA_REDIRECT: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the signed app address with 302 to a pre-signed one that serves ranges', async () => {
    const teacher = await registerAndLogin(t.app, 'teacher');
    // A minimal PNG signature is enough for the type check.
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), crypto.randomBytes(2000)]);
    const file = await uploadOne(t.app, teacher, 'картинка.png', png);
    const res = await t.app.inject({ method: 'GET', url: file.access });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(t.config.s3?.endpoint ?? '-')).toBe(true);

    const ranged = await fetch(location, { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-type')).toBe('image/png');
    expect(ranged.headers.get('content-disposition')).toContain(encodeURIComponent('картинка.png'));
    expect(Buffer.from(await ranged.arrayBuffer()).equals(png.subarray(0, 8))).toBe(true);

    // The app's own signature is still checked first.
    const forged = await t.app.inject({ method: 'GET', url: file.access.replace(/sig=[^&]/, 'sig=x') });
    expect(forged.statusCode).toBe(403);
    expect((await (await fetch(location)).arrayBuffer()).byteLength).toBe(png.length);
  });

  it('lets the page load media from the bucket', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/auth/role' })).headers['content-security-policy'],
    );
    const origin = new URL(t.config.s3?.endpoint ?? '-').origin;
    expect(csp).toMatch(new RegExp(`media-src [^;]*${origin.replaceAll('.', '\\.')}`));
    expect(csp).toMatch(new RegExp(`img-src [^;]*${origin.replaceAll('.', '\\.')}`));
  });
});
