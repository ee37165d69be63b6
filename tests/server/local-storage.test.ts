import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalStorage, namedKey, StorageLimitError, type Storage } from '../../server/adapters/storage';
import { fileHandles } from './helpers/file-handles';

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

  async function bytesOf(key: string, from: Storage = storage): Promise<Buffer> {
    const read: Buffer[] = [];
    for await (const c of from.read(key)) read.push(c as Buffer);
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

  /** What is flushed to the disk from now on, in order: `datasync <path>` or `sync <path>`. */
  async function watchFlushes(): Promise<string[]> {
    const handles = await fileHandles(root);
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

  /** A storage of its own, in a folder of its own: which folders it flushes is its alone. */
  async function ownStorage(): Promise<{ own: Storage; dir: string }> {
    const dir = await fsp.mkdtemp(path.join(root, 'own-'));
    return { own: createLocalStorage(dir), dir };
  }

  it('puts an object on the disk before answering: its bytes, its name in its folder, and the folders made for it', async () => {
    const { own, dir } = await ownStorage();
    const flushed = await watchFlushes();
    const stored = await own.put(chunks(Buffer.from('voice')), {
      prefix: 'voices',
      maxBytes: 100,
      contentType: 'audio/webm',
    });
    const file = path.join(dir, ...stored.key.split('/'));
    const folder = path.dirname(file);
    expect(flushed).toEqual([
      `datasync ${file}`,
      `sync ${dir}`,
      `sync ${folder}`,
      `sync ${path.join(dir, 'voices')}`,
    ]);
    expect((await bytesOf(stored.key, own)).toString()).toBe('voice');
    // The prefix's folder is there now: the next object flushes its own folder (and the prefix's
    // only when its fan-out folder was new), never the root's again.
    flushed.length = 0;
    const next = await own.put(chunks(Buffer.from('again')), {
      prefix: 'voices',
      maxBytes: 100,
      contentType: 'audio/webm',
    });
    const nextFile = path.join(dir, ...next.key.split('/'));
    expect(flushed[0]).toBe(`datasync ${nextFile}`);
    expect(flushed).toContain(`sync ${path.dirname(nextFile)}`);
    expect(flushed).not.toContain(`sync ${dir}`);
  });

  it('leaves a part unflushed: the device sends it again until its upload completes', async () => {
    const { own } = await ownStorage();
    const flushed = await watchFlushes();
    await own.put(chunks(Buffer.from('part')), { prefix: 'parts', maxBytes: 100, contentType: 'audio/webm' });
    await own.writeAt!(
      namedKey('parts', `upload:7:${crypto.randomUUID()}`),
      0,
      chunks(Buffer.from('part')),
      4,
    );
    expect(flushed).toEqual([]);
  });

  it('links a recording on the disk: the staging file’s bytes, never flushed as parts, and the new name', async () => {
    const { own, dir } = await ownStorage();
    const staging = namedKey('parts', `upload:6:${crypto.randomUUID()}`);
    await own.writeAt!(staging, 0, chunks(Buffer.from('recording+tail')), 100);
    const flushed = await watchFlushes();
    const linked = await own.linkAs!(staging, { prefix: 'recordings', size: 9 });
    const file = path.join(dir, ...linked.key.split('/'));
    const stagingFolder = path.dirname(path.join(dir, ...staging.split('/')));
    // The staging object's folders were made unflushed: they go with the first object flushed.
    expect(flushed).toEqual([
      `datasync ${file}`,
      `sync ${dir}`,
      `sync ${stagingFolder}`,
      `sync ${path.join(dir, 'parts')}`,
      `sync ${path.dirname(file)}`,
      `sync ${path.join(dir, 'recordings')}`,
    ]);
  });

  it('refuses an object it could not flush, leaves nothing of it, and flushes nothing more until restarted', async () => {
    const { own, dir } = await ownStorage();
    await watchFlushes();
    const ioError = Object.assign(new Error('I/O error'), { code: 'EIO' });
    vi.spyOn(await fileHandles(root), 'datasync').mockRejectedValueOnce(ioError);
    const image = () =>
      own.put(chunks(Buffer.from('task image')), {
        prefix: 'files',
        maxBytes: 100,
        contentType: 'image/png',
      });
    await expect(image()).rejects.toBe(ioError);
    const left = async () => {
      const folders = await fsp.readdir(path.join(dir, 'files'));
      return (await Promise.all(folders.map((f) => fsp.readdir(path.join(dir, 'files', f))))).flat();
    };
    expect(await left()).toEqual([]);
    // The kernel may have dropped the pages it could not write: a flush that now succeeds would
    // confirm bytes that are not on the disk.
    await expect(image()).rejects.toBe(ioError);
    expect(await left()).toEqual([]);
    // A restart (a new storage) flushes again.
    await expect(
      createLocalStorage(dir).put(chunks(Buffer.from('x')), {
        prefix: 'files',
        maxBytes: 1,
        contentType: 'image/png',
      }),
    ).resolves.toMatchObject({ size: 1 });
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
