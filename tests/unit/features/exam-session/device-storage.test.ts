// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bytesNeeded, ensureStorageFor } from '@/features/exam-session/model/device-storage';
import { MEDIA_CACHE } from '@/lib/media-cache';
import { requestPersistentStorage } from '@/lib/persistent-storage';

const MB = 1024 * 1024;

/** The worker's media cache with these paths; deleting one frees `each` bytes of the usage. */
function fakeDevice(quota: number, usage: number, paths: string[], each: number) {
  const entries = new Set(paths.map((p) => `http://127.0.0.1${p}`));
  const device = {
    usage,
    estimate: async () => ({ quota, usage: device.usage }),
    caches: {
      has: async (name: string) => name === MEDIA_CACHE,
      open: async () =>
        ({
          keys: async () => [...entries].map((url) => ({ url })),
          delete: async (request: { url: string }) => {
            device.usage -= each;
            return entries.delete(request.url);
          },
        }) as unknown as Cache,
    },
    entries,
  };
  return device;
}

describe('room on the device for the exam', () => {
  it('needs the speaking time at 32 kbit/s, doubled, plus a little', () => {
    // Ten minutes of answers: 2.4 MB at 32 kbit/s.
    expect(bytesNeeded(600)).toBe(600 * 4000 * 2 + 2 * MB);
  });

  it('is enough without touching anything when there is room', async () => {
    const device = fakeDevice(100 * MB, 10 * MB, ['/api/files/1/content'], MB);
    expect(await ensureStorageFor(600, new Set(), device)).toEqual({ kind: 'enough', freedMedia: 0 });
    expect(device.entries.size).toBe(1);
  });

  it("frees the media cache when short, keeping this exam's files", async () => {
    const paths = ['/api/files/1/content', '/api/files/2/content', '/api/recordings/3/content'];
    const device = fakeDevice(20 * MB, 18 * MB, paths, 3 * MB);
    const check = await ensureStorageFor(600, new Set(['/api/files/2/content']), device);
    expect(check).toEqual({ kind: 'enough', freedMedia: 2 });
    expect([...device.entries]).toEqual(['http://127.0.0.1/api/files/2/content']);
  });

  it('says how short it still is after freeing what it could', async () => {
    const device = fakeDevice(20 * MB, 19 * MB, ['/api/files/1/content'], 0.5 * MB);
    const check = await ensureStorageFor(600, new Set(), device);
    expect(check).toEqual({
      kind: 'short',
      availableBytes: 1.5 * MB,
      neededBytes: bytesNeeded(600),
      freedMedia: 1,
    });
  });

  it('cannot tell where the browser gives no estimate', async () => {
    expect(await ensureStorageFor(600, new Set(), {})).toEqual({ kind: 'unknown' });
  });

  it('asks for persistent storage once, and reports the answer', async () => {
    let asked = 0;
    const storage = (granted: boolean, already = false) => ({
      persisted: async () => already,
      persist: async () => {
        asked += 1;
        return granted;
      },
    });
    expect(await requestPersistentStorage(storage(true))).toBe(true);
    expect(await requestPersistentStorage(storage(false))).toBe(false);
    expect(await requestPersistentStorage(storage(false, true))).toBe(true);
    expect(asked).toBe(2);
    expect(await requestPersistentStorage(undefined)).toBeNull();
  });
});
