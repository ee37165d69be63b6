import fsp from 'node:fs/promises';
import path from 'node:path';

/** The prototype every FileHandle shares (where `datasync` and `sync` live), to spy on. */
export async function fileHandles(dir: string): Promise<fsp.FileHandle> {
  const probe = await fsp.open(path.join(dir, 'probe'), 'w');
  await probe.close();
  return Object.getPrototypeOf(probe) as fsp.FileHandle;
}
