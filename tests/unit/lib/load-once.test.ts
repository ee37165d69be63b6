import { expect, it, vi } from 'vitest';
import { loadOnce } from '@/lib/load-once';

it('shares one load between callers and keeps it', async () => {
  const load = vi.fn(() => Promise.resolve('code'));
  const get = loadOnce(load);
  await expect(Promise.all([get(), get()])).resolves.toEqual(['code', 'code']);
  await expect(get()).resolves.toBe('code');
  expect(load).toHaveBeenCalledTimes(1);
});

it('tries again after a failed load', async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValueOnce('code');
  const get = loadOnce(load);
  await expect(get()).rejects.toThrow('dynamically imported module');
  await expect(get()).resolves.toBe('code');
  expect(load).toHaveBeenCalledTimes(2);
});
