import fs from 'node:fs';

/**
 * Modes of everything the app keeps on its disk: the database, stored files and recordings,
 * upload parts, mails, the generated secret. Only the app's own user may read them (another
 * local account, a shared host's other services, must not).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Whether a mode lets anyone but the owner in. */
const isOpen = (mode: number): boolean => (mode & 0o077) !== 0;

/**
 * Creates `dir` (and missing parents) 0700, or closes an existing one that others may enter (as
 * older versions left DATA_DIR): its files need not be walked, nobody else can reach them. Answers
 * a warning when it could not (a folder of another user).
 */
export function ensurePrivateDir(dir: string): string | undefined {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!isOpen(fs.statSync(dir).mode)) return undefined;
  try {
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
    return undefined;
  } catch (err) {
    return `${dir} stays open to other local users (${(err as Error).message}): make it the app user's, mode 0700`;
  }
}

/** Closes an existing file that others may read (left by an older version); a missing one is fine. */
export function closeExistingFile(file: string): void {
  try {
    if (isOpen(fs.statSync(file).mode)) fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
