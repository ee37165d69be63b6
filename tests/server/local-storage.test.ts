import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage, namedKey, StorageLimitError, type Storage } from '../../server/adapters/storage';

async function* chunks(...parts: Buffer[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield p;
}

/** The staging object of resumable uploads: written in place, then linked as the recording. */
describe('local storage: writing in place and linking', () => {
  let root: string;
  let storage: Storage;

  beforeAll(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'ustno-storage-'));
    storage = createLocalStorage(root);
  });
  afterAll(async () => {
    await fsp.rm(root, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function bytesOf(key: string): Promise<Buffer> {
    const read: Buffer[] = [];
    for await (const c of storage.read(key)) read.push(c as Buffer);
    return Buffer.concat(read);
  }

  it('writes parts at their offsets, in any order, into one object it creates', async () => {
    const key = namedKey('parts', `upload:1:${crypto.randomUUID()}`);
    expect(await storage.writeAt!(key, 4, chunks(Buffer.from('efgh')), 4)).toBe(4);
    expect(await storage.writeAt!(key, 0, chunks(Buffer.from('ab'), Buffer.from('cd')), 4)).toBe(4);
    expect((await bytesOf(key)).toString()).toBe('abcdefgh');
    // The same part again overwrites in place; nothing else moves.
    await storage.writeAt!(key, 4, chunks(Buffer.from('EFGH')), 4);
    expect((await bytesOf(key)).toString()).toBe('abcdEFGH');
  });

  it('writes a part of many socket chunks byte for byte at its offset (chunks go down in batches)', async () => {
    const key = namedKey('parts', `upload:3:${crypto.randomUUID()}`);
    const part = crypto.randomBytes(1024 * 1024 + 123);
    const pieces: Buffer[] = [];
    for (let at = 0; at < part.length; at += 64 * 1024) pieces.push(part.subarray(at, at + 64 * 1024));
    const head = Buffer.from('head');
    expect(await storage.writeAt!(key, 0, chunks(head), head.length)).toBe(head.length);
    expect(await storage.writeAt!(key, head.length, chunks(...pieces), part.length)).toBe(part.length);
    expect((await bytesOf(key)).equals(Buffer.concat([head, part]))).toBe(true);
  });

  it('stops before the chunk that passes the cap', async () => {
    const key = namedKey('parts', `upload:2:${crypto.randomUUID()}`);
    await expect(
      storage.writeAt!(key, 0, chunks(Buffer.from('abc'), Buffer.from('def')), 4),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect((await bytesOf(key)).toString()).toBe('abc');
  });

  it('keeps a file written in place open for the writes that follow (one open an upload), until half a minute without writes or the close', async () => {
    const own = createLocalStorage(root);
    const key = namedKey('parts', `upload:9:${crypto.randomUUID()}`);
    const opens = vi.spyOn(fsp, 'open');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await own.writeAt!(key, 0, chunks(Buffer.from('ab')), 2);
      // (Its folder was missing: the first write opened twice, around making it.)
      opens.mockClear();
      await own.writeAt!(key, 2, chunks(Buffer.from('cd')), 2);
      // Two parts at once share the file, each at its own place.
      await Promise.all([
        own.writeAt!(key, 4, chunks(Buffer.from('ef')), 2),
        own.writeAt!(key, 6, chunks(Buffer.from('gh')), 2),
      ]);
      expect(opens).not.toHaveBeenCalled();
      vi.advanceTimersByTime(30_000);
      await own.writeAt!(key, 8, chunks(Buffer.from('ij')), 2);
      expect(opens).toHaveBeenCalledTimes(1);
      own.close!();
      await own.writeAt!(key, 10, chunks(Buffer.from('kl')), 2);
      expect(opens).toHaveBeenCalledTimes(2);
    } finally {
      own.close!();
      vi.useRealTimers();
    }
    expect((await bytesOf(key)).toString()).toBe('abcdefghijkl');
  });

  it('keeps at most 1 000 files open waiting for writes, closing the least recently written', async () => {
    const own = createLocalStorage(root);
    const keys = Array.from({ length: 1001 }, (_, i) =>
      namedKey('parts', `upload:11:${i}:${crypto.randomUUID()}`),
    );
    try {
      for (const key of keys) await own.writeAt!(key, 0, chunks(Buffer.from('x')), 1);
      const opens = vi.spyOn(fsp, 'open');
      await own.writeAt!(keys[1000], 1, chunks(Buffer.from('y')), 1);
      expect(opens).not.toHaveBeenCalled();
      await own.writeAt!(keys[0], 1, chunks(Buffer.from('y')), 1);
      expect(opens).toHaveBeenCalledTimes(1);
    } finally {
      own.close!();
    }
    expect((await bytesOf(keys[0])).toString()).toBe('xy');
  });

  it('writes a deleted object anew, never into the file it deleted', async () => {
    const key = namedKey('parts', `upload:10:${crypto.randomUUID()}`);
    await storage.writeAt!(key, 0, chunks(Buffer.from('old!')), 4);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await storage.writeAt!(key, 4, chunks(Buffer.from('new!')), 4);
    expect(await bytesOf(key)).toEqual(Buffer.concat([Buffer.alloc(4), Buffer.from('new!')]));
  });

  it('names an upload’s staging object the same every time, by a hash, never by the name itself', () => {
    const name = `upload:7:${crypto.randomUUID()}`;
    expect(namedKey('parts', name)).toBe(namedKey('parts', name));
    expect(namedKey('parts', name)).not.toBe(namedKey('parts', `upload:8:${name.slice(9)}`));
    expect(namedKey('parts', name)).toMatch(/^parts\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(namedKey('parts', name)).not.toContain(name.slice(9));
  });

  it('links the first bytes as a new object, which outlives the staging object', async () => {
    const staging = namedKey('parts', `upload:3:${crypto.randomUUID()}`);
    await storage.writeAt!(staging, 0, chunks(Buffer.from('recording+tail')), 100);
    const linked = await storage.linkAs!(staging, { prefix: 'recordings', size: 9 });
    expect(linked.key).toMatch(/^recordings\//);
    expect(linked.size).toBe(9);
    expect((await bytesOf(linked.key)).toString()).toBe('recording');
    await storage.delete(staging);
    expect(await storage.stat(staging)).toBeNull();
    expect((await bytesOf(linked.key)).toString()).toBe('recording');
  });

  /** The prototype of every FileHandle (where `datasync` and `sync` live). */
  async function fileHandles(): Promise<fsp.FileHandle> {
    const probe = await fsp.open(path.join(root, 'probe'), 'w');
    await probe.close();
    return Object.getPrototypeOf(probe) as fsp.FileHandle;
  }

  /** What is flushed to the disk from now on, in order: `datasync <path>` or `sync <path>`. */
  async function watchFlushes(): Promise<string[]> {
    const handles = await fileHandles();
    const open = fsp.open.bind(fsp);
    const pathOf = new Map<number, string>();
    vi.spyOn(fsp, 'open').mockImplementation(async (...args: Parameters<typeof fsp.open>) => {
      const handle = await open(...args);
      pathOf.set(handle.fd, String(args[0]));
      return handle;
    });
    const flushed: string[] = [];
    const note = (kind: string) =>
      function (this: fsp.FileHandle) {
        flushed.push(`${kind} ${pathOf.get(this.fd) ?? '?'}`);
        return Promise.resolve();
      };
    vi.spyOn(handles, 'datasync').mockImplementation(note('datasync'));
    vi.spyOn(handles, 'sync').mockImplementation(note('sync'));
    return flushed;
  }

  it('puts an object on the disk, its bytes and then its name in its folder, before answering', async () => {
    const flushed = await watchFlushes();
    const stored = await storage.put(chunks(Buffer.from('voice')), {
      prefix: 'voices',
      maxBytes: 100,
      contentType: 'audio/webm',
    });
    const file = path.join(root, ...stored.key.split('/'));
    expect(flushed).toEqual([`datasync ${file}`, `sync ${path.dirname(file)}`]);
    expect((await bytesOf(stored.key)).toString()).toBe('voice');
  });

  it('links a recording on the disk: the staging file’s bytes, never flushed as parts, and the new name', async () => {
    const staging = namedKey('parts', `upload:6:${crypto.randomUUID()}`);
    await storage.writeAt!(staging, 0, chunks(Buffer.from('recording+tail')), 100);
    const flushed = await watchFlushes();
    const linked = await storage.linkAs!(staging, { prefix: 'recordings', size: 9 });
    const file = path.join(root, ...linked.key.split('/'));
    expect(flushed).toEqual([`datasync ${file}`, `sync ${path.dirname(file)}`]);
  });

  it('refuses an object it could not flush, and leaves nothing of it', async () => {
    await watchFlushes();
    vi.spyOn(await fileHandles(), 'datasync').mockRejectedValueOnce(
      Object.assign(new Error('I/O error'), { code: 'EIO' }),
    );
    await expect(
      storage.put(chunks(Buffer.from('task image')), {
        prefix: 'files',
        maxBytes: 100,
        contentType: 'image/png',
      }),
    ).rejects.toMatchObject({ code: 'EIO' });
    const folders = await fsp.readdir(path.join(root, 'files'));
    const left = (await Promise.all(folders.map((f) => fsp.readdir(path.join(root, 'files', f))))).flat();
    expect(left).toEqual([]);
  });

  it('copies where the file system has no hard links, and fails on anything else', async () => {
    const staging = namedKey('parts', `upload:4:${crypto.randomUUID()}`);
    await storage.writeAt!(staging, 0, chunks(Buffer.from('recording+tail')), 100);
    vi.spyOn(fsp, 'link').mockRejectedValueOnce(Object.assign(new Error('no links here'), { code: 'EPERM' }));
    const copied = await storage.linkAs!(staging, { prefix: 'recordings', size: 9 });
    expect((await bytesOf(copied.key)).toString()).toBe('recording');
    expect((await bytesOf(staging)).toString()).toBe('recording+tail');

    const missing = namedKey('parts', `upload:5:${crypto.randomUUID()}`);
    await expect(storage.linkAs!(missing, { prefix: 'recordings', size: 1 })).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
