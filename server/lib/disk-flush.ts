import fsp from 'node:fs/promises';
import path from 'node:path';

/** The error's code (`ENOENT`, `EIO`, …), or '' when it has none. */
export function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException | null)?.code ?? '';
}

/** What opening or flushing a folder answers where the system does not allow it (Windows). */
const CANNOT_FLUSH_FOLDER = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP', 'EOPNOTSUPP']);

/**
 * Flushes files and folders to the disk, so that what the server confirms outlives a crash of its
 * machine. After a flush fails, the kernel may have dropped the pages it could not write and
 * marked them clean, and a later flush would then succeed without them: so once one fails, every
 * flush of this flusher fails with that error until the server restarts (as PostgreSQL's
 * `data_sync_retry = off`), and nothing is confirmed that may not be on the disk.
 */
export interface DiskFlusher {
  /** The file's bytes on the disk; a missing file is an error unless `missingOk`. */
  file(file: string, options?: { missingOk?: boolean }): Promise<void>;
  /** The bytes written through this open handle on the disk. */
  handle(handle: fsp.FileHandle): Promise<void>;
  /** The folder's entries (the names of the files in it) on the disk. */
  folder(dir: string): Promise<void>;
}

export function createDiskFlusher(): DiskFlusher {
  let failure: unknown = null;
  const sticky = async (flush: () => Promise<void>) => {
    if (failure !== null) throw failure;
    try {
      await flush();
    } catch (err) {
      failure ??= err;
      throw err;
    }
  };
  const handle = (h: fsp.FileHandle) => sticky(() => h.datasync());
  return {
    handle,
    async file(file, { missingOk = false } = {}) {
      if (failure !== null) throw failure;
      let h: fsp.FileHandle;
      try {
        // Opened for writing: Windows flushes only a handle that may write.
        h = await fsp.open(file, 'r+');
      } catch (err) {
        if (missingOk && errorCode(err) === 'ENOENT') return;
        throw err;
      }
      try {
        await handle(h);
      } finally {
        await h.close();
      }
    },
    async folder(dir) {
      if (failure !== null) throw failure;
      let h: fsp.FileHandle;
      try {
        h = await fsp.open(dir, 'r');
      } catch (err) {
        // Where a folder cannot be opened, its entries are the file system's to keep.
        if (CANNOT_FLUSH_FOLDER.has(errorCode(err))) return;
        throw err;
      }
      try {
        await sticky(() =>
          h.sync().catch((err: unknown) => {
            if (!CANNOT_FLUSH_FOLDER.has(errorCode(err))) throw err;
          }),
        );
      } finally {
        await h.close();
      }
    },
  };
}

/**
 * The folders whose entries changed when `mkdir -p` made `dir`, given the first folder it made
 * (what `fsp.mkdir` answers): that one's parent, and each folder made.
 */
export function foldersMade(firstMade: string, dir: string): string[] {
  const parent = path.dirname(firstMade);
  const folders = [parent];
  for (let at = dir; at !== parent && at !== path.dirname(at); at = path.dirname(at)) folders.push(at);
  return folders;
}
