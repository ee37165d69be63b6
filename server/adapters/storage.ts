import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createDiskFlusher, errorCode, foldersMade } from '../lib/disk-flush';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';

/** The source outgrew the byte cap of `put`; the partial object is already gone. */
export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

export interface StoredObject {
  key: string;
  size: number;
}

/** Inclusive byte range, as HTTP ranges count. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded media lives. Keys are generated here and never derive from user input, so an
 * implementation may map them straight to paths or object names (a local folder, an S3 bucket).
 */
export interface Storage {
  /**
   * Streams `source` to a new object under a generated key. More than `maxBytes` aborts the
   * write, deletes what was written and throws StorageLimitError; the caller then owns the rest
   * of its source (drain it). Any other failure also leaves no object behind.
   */
  put(
    source: AsyncIterable<Uint8Array>,
    options: { prefix: StoragePrefix; maxBytes: number; contentType: string },
  ): Promise<StoredObject>;
  /**
   * Streams `source` into the object `key` from `offset` on, creating it when missing: the parts
   * of a resumable upload land in one staging object instead of an object each. More than
   * `maxBytes` stops before the chunk that crosses it and throws StorageLimitError; answers the
   * bytes written. Absent where objects cannot be written in place (S3): parts are objects there.
   */
  writeAt?(key: string, offset: number, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number>;
  /**
   * A new object under `prefix` holding the first `size` bytes of `key`, without copying them
   * (local storage: a hard link, so the two are one file and `key` is cut to `size` as well; a
   * copy where the file system has no hard links). `key` stays until it is deleted. Present with
   * `writeAt`.
   */
  linkAs?(key: string, options: { prefix: StoragePrefix; size: number }): Promise<StoredObject>;
  /** The object's content, or the given inclusive range of it. */
  read(key: string, range?: ByteRange): Readable;
  /** Size of the object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A direct, pre-signed address of the object, answered with this type and download name, valid
   * for `expiresInSeconds`; absent where the storage has no address of its own (a local folder).
   */
  presign?(
    key: string,
    options: { contentType: string; contentDisposition: string; expiresInSeconds: number },
  ): Promise<string>;
  /** Releases connections when the app closes. */
  close?(): void;
}

/** `parts`: pieces of a resumable upload, gone once it completes or grows old; `voices`: spoken comments. */
export type StoragePrefix = 'files' | 'recordings' | 'parts' | 'voices';

const KEY_PATTERN = /^(files|recordings|parts|voices)\/[0-9a-f]{2}\/[0-9a-f-]{36}$/;

export function assertKey(key: string): void {
  // Keys only ever come from put(); anything else is a bug or tampering, never a path to follow.
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
}

/** A fresh key: the prefix, a two-character fan-out and a random UUID. */
export function newKey(prefix: StoragePrefix): string {
  const id = crypto.randomUUID();
  return `${prefix}/${id.slice(0, 2)}/${id}`;
}

/**
 * The key of an object named by `name` (a resumable upload's staging object: the same every time
 * for the same upload): a hash of it, never the name itself, so a key still never carries input.
 */
export function namedKey(prefix: StoragePrefix, name: string): string {
  const hex = crypto.createHash('sha256').update(name).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return `${prefix}/${id.slice(0, 2)}/${id}`;
}

/**
 * An upload's socket chunks (64 KiB each) go to the file in writes of about this much: each write
 * is a round trip to the thread pool, which under a class burst the main thread pays in cores
 * it loses (the burst's profile). At most this much waits in memory per upload being written.
 */
const WRITE_BATCH_BYTES = 256 * 1024;

/**
 * Writes `source` into the file from `start`, in batches of WRITE_BATCH_BYTES; answers the bytes
 * written. Stops before the chunk that would pass `maxBytes` (nothing past it touches the disk);
 * what came before the end, or a failure, is written.
 */
async function writeChunks(
  handle: fsp.FileHandle,
  source: AsyncIterable<Uint8Array>,
  start: number,
  maxBytes: number,
): Promise<number> {
  let size = 0;
  let written = 0;
  let batch: Uint8Array[] = [];
  const writeBatch = async () => {
    const bytes = size - written;
    const { bytesWritten } = await handle.writev(batch, start + written);
    if (bytesWritten !== bytes) throw new Error(`short write: ${bytesWritten} of ${bytes} bytes`);
    written = size;
    batch = [];
  };
  try {
    for await (const chunk of source) {
      if (size + chunk.byteLength > maxBytes) throw new StorageLimitError(maxBytes);
      batch.push(chunk);
      size += chunk.byteLength;
      if (size - written >= WRITE_BATCH_BYTES) await writeBatch();
    }
  } finally {
    if (size > written) await writeBatch();
  }
  return size;
}

/** What `link` answers where the file system has no hard links. */
const CANNOT_LINK = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EMLINK', 'ENOSYS']);

/**
 * How long a file written in place stays open after its last write: an upload's next part comes
 * within it, also when it waited for an upload slot behind a class's burst (seconds there), and
 * an open and a close a part were a tenth of the burst's profile.
 */
const OPEN_FILE_LINGER_MS = 30_000;

/** At most this many files wait open for a next write (the least recently written close first). */
const MAX_LINGERING_FILES = 1000;

/** A file kept open for writes in place, and how many writes use it now. */
interface OpenFile {
  handle: Promise<fsp.FileHandle>;
  users: number;
  timer?: NodeJS.Timeout;
}

function isMissing(err: unknown): boolean {
  return errorCode(err) === 'ENOENT';
}

/**
 * Runs `make` (which creates `target`), making its folder first only when it is missing: folders
 * are made once, and a `mkdir` on every write cost a round trip to the file system's threads.
 * The folders it made go to `madeFolders`, whose new entries are then flushed with an object.
 */
async function inFolder<T>(
  target: string,
  make: () => Promise<T>,
  madeFolders: (folders: string[]) => void,
): Promise<T> {
  try {
    return await make();
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
  const dir = path.dirname(target);
  const firstMade = await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (firstMade !== undefined) madeFolders(foldersMade(firstMade, dir));
  return make();
}

/** Objects as files under `root`, two-level fan-out so no folder grows huge. */
export function createLocalStorage(root: string): Storage {
  const fullPath = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  const flusher = createDiskFlusher();
  // Folders made whose entries are not yet flushed: with the next object flushed.
  const unflushedFolders = new Set<string>();
  const noteFolders = (folders: string[]) => folders.forEach((f) => unflushedFolders.add(f));
  /**
   * The object's bytes (through `handle`, or by opening the file), then its name in its folder and
   * any folder made for it, on the disk: an object becomes a recording whose device then deletes
   * its own copy, so it must survive the machine crashing right after.
   */
  const flushToDisk = async (file: string, handle?: fsp.FileHandle) => {
    await (handle ? flusher.handle(handle) : flusher.file(file));
    const folders = [...unflushedFolders, path.dirname(file)];
    unflushedFolders.clear();
    for (const folder of new Set(folders)) await flusher.folder(folder);
  };
  const openFiles = new Map<string, OpenFile>();
  // The open files no write uses now, the least recently written first.
  const lingering = new Map<string, OpenFile>();

  const closeFile = (file: OpenFile) => {
    clearTimeout(file.timer);
    file.handle.then((h) => h.close()).catch(() => undefined);
  };

  /** The key's file open for writes in place (created when missing, never truncated). */
  const openForWrites = async (key: string): Promise<[OpenFile, fsp.FileHandle]> => {
    let file = openFiles.get(key);
    if (!file) {
      const target = fullPath(key);
      // 'a' would ignore the position; 'r+' needs the file: create it when missing.
      const flags = fs.constants.O_RDWR | fs.constants.O_CREAT;
      const opened: OpenFile = {
        handle: inFolder(target, () => fsp.open(target, flags, PRIVATE_FILE_MODE), noteFolders),
        users: 0,
      };
      openFiles.set(key, opened);
      opened.handle.catch(() => {
        if (openFiles.get(key) === opened) openFiles.delete(key);
      });
      file = opened;
    }
    file.users += 1;
    clearTimeout(file.timer);
    lingering.delete(key);
    try {
      return [file, await file.handle];
    } catch (err) {
      file.users -= 1;
      throw err;
    }
  };

  /** Stops keeping the key's file open; a write under way closes it when it ends. */
  const forgetFile = (key: string) => {
    const file = openFiles.get(key);
    if (!file) return;
    openFiles.delete(key);
    lingering.delete(key);
    if (file.users === 0) closeFile(file);
  };

  const releaseWrites = (key: string, file: OpenFile) => {
    file.users -= 1;
    if (file.users > 0) return;
    // Forgotten meanwhile (the object was deleted): nothing writes to it any more.
    if (openFiles.get(key) !== file) return closeFile(file);
    file.timer = setTimeout(() => forgetFile(key), OPEN_FILE_LINGER_MS);
    file.timer.unref();
    lingering.set(key, file);
    if (lingering.size > MAX_LINGERING_FILES) forgetFile(lingering.keys().next().value as string);
  };

  return {
    async put(source, { prefix, maxBytes }) {
      const key = newKey(prefix);
      const target = fullPath(key);
      const handle = await inFolder(target, () => fsp.open(target, 'wx', PRIVATE_FILE_MODE), noteFolders);
      let size = 0;
      let ok = false;
      try {
        size = await writeChunks(handle, source, 0, maxBytes);
        // A part's bytes are the device's to send again until its upload completes, which
        // flushes the recording it makes of them.
        if (prefix !== 'parts') await flushToDisk(target, handle);
        ok = true;
      } finally {
        await handle.close();
        if (!ok) await fsp.rm(target, { force: true });
      }
      return { key, size };
    },

    async writeAt(key, offset, source, maxBytes) {
      const [file, handle] = await openForWrites(key);
      try {
        return await writeChunks(handle, source, offset, maxBytes);
      } finally {
        releaseWrites(key, file);
      }
    },

    async linkAs(key, { prefix, size }) {
      const source = fullPath(key);
      const linked = newKey(prefix);
      const target = fullPath(linked);
      try {
        await inFolder(target, () => fsp.link(source, target), noteFolders);
      } catch (err) {
        // A file system without hard links (FAT, some network shares): a copy, made by the kernel.
        if (!CANNOT_LINK.has(errorCode(err))) throw err;
        await inFolder(target, () => fsp.copyFile(source, target, fs.constants.COPYFILE_EXCL), noteFolders);
      }
      try {
        await fsp.truncate(target, size);
        // The staging file's writes were never flushed: the linked file is that same file.
        await flushToDisk(target);
      } catch (err) {
        await fsp.rm(target, { force: true });
        throw err;
      }
      return { key: linked, size };
    },

    read(key, range) {
      return fs.createReadStream(fullPath(key), range ? { start: range.start, end: range.end } : {});
    },

    async stat(key) {
      try {
        const s = await fsp.stat(fullPath(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const target = fullPath(key);
      forgetFile(key);
      await fsp.rm(target, { force: true });
    },

    close() {
      for (const key of [...openFiles.keys()]) forgetFile(key);
    },
  };
}
